// commander requires node:child_process when it loads, only to start executable subcommands,
// which this CLI does not have. Loading the real module (and the networking it pulls in) costs
// every command about 7 ms at start, so commander gets this stand-in, which loads it on first use.
let real;
module.exports = new Proxy(
  {},
  {
    get(_target, key) {
      if (real === undefined) real = require('node:child_process');
      return real[key];
    },
  },
);
