// worker.js - the page's long work (grade, explain, generate) off its main
// thread. The page makes the worker from this text after the package's
// module, sudoku.mjs, whose load() it calls; its first message is the bytes
// of sudoku.wasm, each next one a call, { id, name, args }, answered by
// { id, result } or { id, error }. To cancel a call the page ends the
// worker and makes another.

let library;

self.onmessage = async ({ data }) => {
  if (data.bytes) {
    library = load({ module: data.bytes });
    return;
  }
  const { id, name, args } = data;
  try {
    const sudoku = await library;
    self.postMessage({ id, result: sudoku[name](...args) });
  } catch (error) {
    self.postMessage({ id, error: { message: error.message, code: error.code } });
  }
};
