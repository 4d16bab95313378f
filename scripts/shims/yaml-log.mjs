// yaml's log.js as the package's Node build has it (its ES module build, which dist/yaml.cjs is
// made from, writes warnings with console.warn): warnings go through process.emitWarning.
export function debug(logLevel, ...messages) {
  if (logLevel === 'debug') console.log(...messages);
}

export function warn(logLevel, warning) {
  if (logLevel === 'debug' || logLevel === 'warn') {
    if (typeof process.emitWarning === 'function') process.emitWarning(warning);
    else console.warn(warning);
  }
}
