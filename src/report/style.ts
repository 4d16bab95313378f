/**
 * The page's one style sheet: colours as custom properties, a dark set under
 * `prefers-color-scheme: dark`, a print set, and layouts that hold at 375 px.
 */
const LIGHT =
  '--bg:#ffffff;--fg:#1b1f24;--muted:#57606a;--card:#f6f8fa;--line:#d0d7de;--done:#1a7f37;--open:#0969da;--deferred:#9a6700;--cancelled:#8c959f;--total:#0969da;--bad:#cf222e;--grid:#d8dee4';

export const REPORT_CSS = `
:root{color-scheme:light dark;${LIGHT}}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--card:#161b22;--line:#30363d;
--done:#3fb950;--open:#58a6ff;--deferred:#d29922;--cancelled:#6e7681;--total:#58a6ff;--bad:#f85149;--grid:#21262d}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
header,main,footer{max-width:72rem;margin:0 auto;padding:0 1rem}
header{padding-top:1.5rem}
h1{font-size:1.6rem;margin:0 0 .25rem}
h2{font-size:1.25rem;margin:2rem 0 .75rem;border-bottom:1px solid var(--line);padding-bottom:.25rem}
h3{font-size:1.05rem;margin:0 0 .25rem;overflow-wrap:anywhere}
section>h3{margin:1.25rem 0 .5rem}
p{margin:.25rem 0}
code{font:.85em ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere}
.muted{color:var(--muted)}
.tiles{display:grid;grid-template-columns:repeat(auto-fit,minmax(7rem,1fr));gap:.75rem;margin:1rem 0;padding:0;list-style:none}
.tiles li{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:.6rem .8rem}
.tiles b{display:block;font-size:1.5rem;line-height:1.2}
.pair{display:grid;grid-template-columns:minmax(0,1fr) fit-content(50%);gap:1rem;align-items:start;margin:0}
.pair>.scroll{min-width:min-content}
figure.progress{margin:0}
figure.progress>div{max-width:44rem}
figure.progress>.scroll{width:fit-content;max-width:100%;margin-top:1rem}
@media (max-width:64rem){.pair{grid-template-columns:minmax(0,1fr)}.pair>.scroll{min-width:0}}
.scroll{overflow:auto;max-height:24rem;border:1px solid var(--line);border-radius:8px}
table{border-collapse:collapse;width:100%;font-size:.85rem;font-variant-numeric:tabular-nums}
th,td{padding:.3rem .5rem;text-align:left;border-bottom:1px solid var(--line);vertical-align:top}
th{position:sticky;top:0;background:var(--card)}
td.n,th.n{text-align:right}
td.n,.nw,td code{white-space:nowrap}
td code{overflow-wrap:normal}
td code.wrap{white-space:normal;overflow-wrap:anywhere}
ul.plain{list-style:none;margin:0;padding:0}
svg{display:block;max-width:100%;height:auto}
svg text{fill:var(--muted);font-size:13px}
svg .grid{stroke:var(--grid);stroke-width:1}
svg .line{fill:none;stroke-width:2;vector-effect:non-scaling-stroke}
svg .line.done{stroke:var(--done)}
svg .line.total{stroke:var(--total);stroke-dasharray:5 3}
svg .area.done{fill:var(--done);fill-opacity:.15}
svg .area.archived{fill:var(--cancelled);fill-opacity:.35}
svg .line.archived{stroke:var(--cancelled);stroke-width:1}
svg .dot.done{fill:var(--done)}
svg .dot.total{fill:var(--total)}
svg .track{fill:var(--line)}
svg .seg.done{fill:var(--done)}
svg .seg.open{fill:var(--open);fill-opacity:.35}
svg .seg.deferred{fill:var(--deferred)}
svg .seg.cancelled{fill:var(--cancelled)}
svg.bar{width:100%;min-width:4rem;height:.7rem}
svg.spark{width:10rem;height:2rem}
.legend{display:flex;flex-wrap:wrap;gap:1rem;font-size:.85rem;margin:.25rem 0}
.key{display:inline-block;width:.9rem;height:.25rem;vertical-align:middle;margin-right:.3rem;background:var(--done)}
.key.total{background:var(--total)}
.key.archived{background:var(--cancelled)}
.key.open{background:var(--open);opacity:.5}
.key.deferred{background:var(--deferred)}
.key.cancelled{background:var(--cancelled)}
.legend .key{height:.6rem}
.roadmaps{display:grid;gap:1rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:.8rem 1rem;min-width:0}
.card-head{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between}
.percent{font-size:1.4rem;font-weight:600}
.card .scroll{background:var(--bg);margin-top:.5rem}
details{margin-top:.5rem}
summary{cursor:pointer;color:var(--muted)}
dl{display:grid;grid-template-columns:minmax(7rem,max-content) minmax(0,1fr);gap:.2rem .8rem;margin:.5rem 0 0}
dt{color:var(--muted)}
@media (max-width:40rem){dl{grid-template-columns:minmax(0,1fr)}dt{margin-top:.4rem}}
dd{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
dd ol{margin:0;padding-left:1.2rem}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font-size:.8rem}
.bad{color:var(--bad)}
.ok{color:var(--done)}
.warn{border-left:4px solid var(--deferred);padding-left:.6rem}
footer{padding:2rem 1rem;color:var(--muted);font-size:.85rem}
@media print{:root{color-scheme:light;${LIGHT};--card:#fff}
table{font-size:.75rem}
.scroll{max-height:none;overflow:visible}
.card,figure,tr{break-inside:avoid}
th{position:static}
details>*{display:block}}
`;
