// tlab_wasm.cpp — the WebAssembly boundary: two C functions, JSON text in, JSON text out.
//
//   const size = Module.lengthBytesUTF8(text) + 1;
//   const input = Module._malloc(size);
//   Module.stringToUTF8(text, input, size);      // text = '{"lab": "ch1-lab2", "step": 1}'
//   const output = Module._tlab_request(input);  // NULL only when memory ran out
//   Module._free(input);
//   const json = Module.UTF8ToString(output);    // '{"ok":true,"lab":"ch1-lab2","step":1,...}'
//   Module._tlab_free(output);
//
// Nothing else crosses: no C++ objects, no handles, no state kept between calls. The response is
// exactly what labrun prints (without labrun's trailing newline). web/src/core-worker.js is the
// one caller.
#include <cstdlib>
#include <cstring>
#include <string>

#include <emscripten/emscripten.h>

#include "tlab/api.hpp"

extern "C" {

// Answers one request (NUL-terminated UTF-8 JSON) with a response the caller owns and must hand
// to tlab_free. Invalid requests are answered too ({"ok": false, "error": {...}}); the result is
// NULL only if even the answer's bytes cannot be allocated.
EMSCRIPTEN_KEEPALIVE char* tlab_request(const char* json_utf8) {
    try {
        const std::string response = tlab::handle_request_text(json_utf8 != nullptr ? json_utf8 : "");
        // A JSON dump escapes U+0000, so the text has no NUL inside and the terminator ends it.
        char* out = static_cast<char*>(std::malloc(response.size() + 1));
        if (out != nullptr) std::memcpy(out, response.c_str(), response.size() + 1);
        return out;
    } catch (...) {  // std::bad_alloc while building the text: nothing else can throw here
        return nullptr;
    }
}

// Frees a response from tlab_request (NULL is fine).
EMSCRIPTEN_KEEPALIVE void tlab_free(char* response) { std::free(response); }

}  // extern "C"
