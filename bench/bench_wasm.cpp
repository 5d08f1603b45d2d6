// The benchmark's wasm module (browser_bench.mjs loads it in headless Chromium): the same cases
// as the native tlab_bench over the same tlab_core, built with the page module's flags.
//   const out = module._tlab_bench(caseJsonPtr);  // JSON text, free with _tlab_bench_free
#include <cstdlib>
#include <cstring>
#include <string>

#include <emscripten/emscripten.h>

#include "bench_core.hpp"

extern "C" {

EMSCRIPTEN_KEEPALIVE char* tlab_bench(const char* case_json) {
    const std::string out = tlabbench::run_case(case_json != nullptr ? case_json : "");
    char* copy = static_cast<char*>(std::malloc(out.size() + 1));
    if (copy != nullptr) std::memcpy(copy, out.c_str(), out.size() + 1);
    return copy;
}

EMSCRIPTEN_KEEPALIVE void tlab_bench_free(char* p) { std::free(p); }

}  // extern "C"
