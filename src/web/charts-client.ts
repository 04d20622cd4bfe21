/**
 * The dashboard's chart script (served as /web/charts.js, no inline script: the page's policy is
 * `script-src 'self'`). It reads the usage the page embeds as JSON and draws it with uPlot; the
 * same figures are in the page's tables, so nothing is lost without it. Plain ES2017, no build.
 */
export const CHARTS_JS = `(function () {
  'use strict';
  var source = document.getElementById('usage-data');
  if (!source || typeof uPlot !== 'function') { return; }
  var usage = JSON.parse(source.textContent);
  var css = getComputedStyle(document.body);
  var fg = css.getPropertyValue('--fg').trim() || '#1b1f24';
  var accent = css.getPropertyValue('--accent').trim() || '#0969da';
  var muted = css.getPropertyValue('--muted').trim() || '#57606a';
  var bad = css.getPropertyValue('--bad').trim() || '#cf222e';
  var hk = function (ts) { return uPlot.tzDate(new Date(ts * 1e3), 'Asia/Hong_Kong'); };
  var axis = { stroke: fg, grid: { stroke: 'rgba(128,128,128,.2)' } };
  var limit = function (label, color) {
    return { label: label, stroke: color, dash: [6, 4], width: 1.5, points: { show: false } };
  };

  function draw(id, opts, data) {
    var box = document.getElementById(id);
    if (!box) { return; }
    box.textContent = '';
    opts.width = Math.max(260, box.clientWidth);
    opts.height = 220;
    opts.tzDate = hk;
    opts.axes = [axis, axis];
    var plot = new uPlot(opts, data, box);
    window.addEventListener('resize', function () {
      plot.setSize({ width: Math.max(260, box.clientWidth), height: 220 });
    });
  }

  var d = usage.daily;
  draw('chart-daily', {
    title: d.title,
    scales: { x: { time: true } },
    series: [
      {},
      { label: d.planLabel, stroke: accent, fill: accent + '33', width: 2 },
      { label: d.freeLabel, stroke: muted, width: 2 },
      limit(d.quotaLabel, bad),
      limit(d.freeQuotaLabel, muted),
    ],
  }, [d.x, d.plan, d.free, d.x.map(function () { return d.quota; }),
      d.x.map(function () { return d.freeQuota; })]);

  var m = usage.minutes;
  draw('chart-minutes', {
    title: m.title,
    scales: { x: { time: true } },
    series: [
      {},
      { label: m.peakLabel, stroke: accent, width: 0, points: { show: true, size: 5, fill: accent } },
      limit(m.limitLabel, bad),
    ],
  }, [m.x, m.requests, m.x.map(function () { return m.limit; })]);
})();
`;
