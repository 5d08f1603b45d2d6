// --pre-js of the single-file build (tlab-core-single.js), which carries its wasm inline as a
// base64 data: URI. Emscripten 3.1.6's glue would first fetch() that data: URI and fall back to
// decoding it only when the fetch fails; under a strict CSP the fetch is a violation, and in the
// offline page nothing should look like a request at all. So the glue instantiates straight from
// the decoded bytes: getBinary() decodes the data: URI, and failures reject the factory's promise
// as the glue's own path would.
Module['instantiateWasm'] = function (imports, receiveInstance) {
  WebAssembly.instantiate(getBinary(wasmBinaryFile), imports).then(
    function (output) { receiveInstance(output['instance']); },
    function (reason) { readyPromiseReject(reason); });
  return {}; // the exports arrive through receiveInstance
};
