// Where the CPU time goes (scripts/bench/profile.ts): each frame's category, self time from the
// samples.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { categorise, categoryOf, frameName, selfByFrame, type CpuProfile } from '../../../../scripts/bench/profile';

describe('CPU profile categories', () => {
  test('by the script a frame belongs to', () => {
    const cat = (url: string, functionName = 'f') => categoryOf({ url, functionName });
    assert.equal(cat('/p/node_modules/typescript/lib/typescript.js'), 'TypeScript transpiling (ts-node)');
    assert.equal(cat('wasm://wasm/0012abcd'), 'libxml2-wasm (parse, XPath, XSD)');
    assert.equal(cat('/p/node_modules/@xmldom/xmldom/lib/dom.js'), 'request building (xmldom, xpath)');
    assert.equal(cat('file:///p/node_modules/allure-js-commons/dist/esm/x.js'), 'Allure formatter');
    assert.equal(cat('/p/src/safety/scanning.ts', 'scanForSecrets'), 'secret scan of the reports (after the run)');
    assert.equal(cat('/p/build/src/safety/scanning.js', 'scanFiles'), 'secret scan of the reports (after the run)');
    assert.equal(cat('/p/build/src/safety/scan-worker.js'), 'secret scan of the reports (after the run)');
    assert.equal(cat('/p/src/safety/masking.ts', 'maskXml'), 'masking (evidence, messages, credential echo)');
    assert.equal(cat('/p/src/safety/secret-views.ts', 'find'), undefined); // decided by its caller
    assert.equal(cat('/p/build/src/safety/secret-forms.js', 'patternsFor'), undefined);
    assert.equal(cat('node:fs', 'fsyncSync'), undefined); // decided by its caller
    assert.equal(cat('node:internal/modules/cjs/loader'), 'module loading (node)');
    assert.equal(cat('', '(garbage collector)'), 'garbage collection');
  });

  test('natives and node built-ins count for their caller; self time from the samples', () => {
    const profile: CpuProfile = {
      startTime: 0,
      endTime: 10_000,
      nodes: [
        { id: 1, callFrame: { functionName: '(root)', url: '' }, children: [2, 5] },
        { id: 2, callFrame: { functionName: 'writeFile', url: '/p/node_modules/allure-js-commons/w.js' }, children: [3] },
        { id: 3, callFrame: { functionName: 'fsyncSync', url: 'node:fs' }, children: [4] },
        { id: 4, callFrame: { functionName: 'fsync', url: '' } },
        { id: 5, callFrame: { functionName: 'processTicksAndRejections', url: 'node:internal/process/task_queues' } },
      ],
      // sample i lasts timeDeltas[i + 1] microseconds
      samples: [4, 4, 2, 5],
      timeDeltas: [0, 1000, 2000, 500, 250],
    };
    const map = categorise(profile);
    assert.equal(map.get('Allure formatter'), 3.5);
    assert.equal(map.get('node internals (event loop, fs, streams)'), 0.25);
  });

  test('the top frames: self time per function and place, idle left out', () => {
    const profile: CpuProfile = {
      startTime: 0,
      endTime: 10_000,
      nodes: [
        { id: 1, callFrame: { functionName: '(root)', url: '' }, children: [2, 4] },
        { id: 2, callFrame: { functionName: 'scan', url: '/home/u/ota/build/src/safety/scanning.js', lineNumber: 58 }, children: [3] },
        { id: 3, callFrame: { functionName: '', url: 'file:///home/u/ota/node_modules/undici/lib/x.js', lineNumber: 9 } },
        { id: 4, callFrame: { functionName: '(idle)', url: '' } },
      ],
      samples: [2, 3, 2, 4],
      timeDeltas: [0, 1000, 2000, 500, 250],
    };
    assert.deepEqual(
      [...selfByFrame(profile)],
      [
        ['scan src/safety/scanning.js:59', 1.5],
        ['(anonymous) undici/lib/x.js:10', 2],
      ],
    );
    assert.equal(frameName({ functionName: '(garbage collector)', url: '' }), '(garbage collector)');
  });
});
