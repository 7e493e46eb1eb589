// worker.js - the page's long work (grade, explain, generate) off its main
// thread. The page makes the worker from a Blob, this text after a line that
// imports load() from the package's module, itself a Blob URL; its first
// message is the compiled sudoku.wasm, each next one a call, { id, name,
// args }, answered by { id, result } or { id, error }. To cancel a call the
// page ends the worker and makes another.

let library;

self.onmessage = async ({ data }) => {
  if (data.module) {
    library = load({ module: data.module });
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
