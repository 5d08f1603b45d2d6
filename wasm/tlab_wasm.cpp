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
//
// During a long step the core calls back into JS with progress (see tlab/api.hpp):
//   Module.onProgress = (json) => { ...; return true; };  // JSON text; return false to stop
// If Module.onProgress is not set, nothing is reported.
#include <cstdlib>
#include <cstring>
#include <string>

#include <emscripten/emscripten.h>

#include "tlab/api.hpp"
#include "tlab/labs.hpp"

namespace {

// Hands one progress report to Module.onProgress; true means "go on".
EM_JS(int, tlab_report_progress, (const char* json_utf8), {
    if (typeof Module["onProgress"] !== "function") return 1;
    return Module["onProgress"](UTF8ToString(json_utf8)) === false ? 0 : 1;
});

bool report_progress(const tlab::Progress& progress) {
    return tlab_report_progress(tlab::progress_json(progress).c_str()) != 0;
}

}  // namespace

extern "C" {

// Answers one request (NUL-terminated UTF-8 JSON) with a response the caller owns and must hand
// to tlab_free. Invalid requests are answered too ({"ok": false, "error": {...}}); the result is
// NULL only if even the answer's bytes cannot be allocated.
EMSCRIPTEN_KEEPALIVE char* tlab_request(const char* json_utf8) {
    try {
        const std::string response = tlab::handle_request_text(json_utf8 != nullptr ? json_utf8 : "", report_progress);
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
