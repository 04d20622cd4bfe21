// Node 20 lacks Promise.withResolvers (ES2024), which PostGraphile 5 uses; the standard
// polyfill, loaded with `--import` when no Node 22 binary is at hand (bench/peer/postgraphile.ts).
if (typeof Promise.withResolvers !== 'function') {
  Promise.withResolvers = function withResolvers() {
    let resolve;
    let reject;
    const promise = new this((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}
