// Preloaded into every process of a run by the leak hunt (NODE_OPTIONS=--require ...): it stands
// for a careless step, formatter or library that prints a secret when its process ends, after the
// suite has set up its masking. Each process that does not mask its own console leaks here.
'use strict';
process.on('exit', () => {
  const pw = process.env.OTA_PASSWORD || '';
  const user = process.env.OTA_USER || '';
  const ncr = [...pw].map((c) => `&#${c.charCodeAt(0)};`).join('');
  const basic = Buffer.from(`${user}:${pw}`).toString('base64');
  console.log(
    `careless print at exit (${process.env.CUCUMBER_WORKER_ID ? 'worker' : 'runner'}): ${pw} ${ncr} Basic ${basic} ${pw.slice(0, 5)}\n ${pw.slice(5)}`,
  );
});
