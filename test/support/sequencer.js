'use strict';
const { readFileSync } = require('node:fs');
const Sequencer = require('@jest/test-sequencer').default;

/**
 * What a test file does that takes long: start real `metacatalog` processes (or other programs), or open embedded
 * databases in folders (each boot of one reads or writes it all).
 */
const STARTS_PROCESSES =
  /from '\.\/support\/processes'|from 'node:child_process'|copyPreparedFolder|createProcessDatabase|pglite:\/\/\$\{/;

/**
 * jest's order (the files that failed last time first, then the longest last time), except for files it has no
 * time for (a fresh clone, a new file): jest runs those first, biggest first, and this runs those that start real
 * processes before the others. Those take the longest, and a long file begun last leaves the other worker idle
 * at the end of the run (their files are small: size alone put them last).
 */
class HeavyFirstSequencer extends Sequencer {
  sort(tests) {
    const heavy = new Map();
    const startsProcesses = (test) => {
      if (!heavy.has(test.path)) heavy.set(test.path, STARTS_PROCESSES.test(readFileSync(test.path, 'utf8')));
      return heavy.get(test.path);
    };
    const sorted = super.sort(tests);
    // super.sort set each test's duration (undefined without one); the untimed come first, in one block.
    const untimed = sorted.filter((test) => test.duration == null && !this.hasFailed(test));
    const first = sorted.indexOf(untimed[0]);
    if (first < 0) return sorted;
    const reordered = [
      ...untimed.filter((test) => startsProcesses(test)),
      ...untimed.filter((test) => !startsProcesses(test)),
    ];
    sorted.splice(first, reordered.length, ...reordered);
    return sorted;
  }
}

module.exports = HeavyFirstSequencer;
