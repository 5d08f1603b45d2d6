// api.hpp — the core's one entry point: a JSON request in, a JSON response out. The CLI (labrun)
// and the WebAssembly module both call only this.
//
//   handle_request_text(R"({"lab": "ch1-lab2", "step": 2, "params": {"v": [4, 5]}})")
//   -> {"ok": true, "lab": "ch1-lab2", "step": 2, "params": {...every param...},
//       "prelude": "import numpy as np\n", "source": "...",
//       "outputs": [{"output_type": "error", "ename": "ValueError",
//                    "evalue": "shapes (3,) and (2,) not aligned: 3 (dim 0) != 2 (dim 0)", ...}]}
//
//   handle_request_text("{\"lab\": \"ch9\"}")
//   -> {"ok": false, "error": {"field": "lab", "message": "unknown lab \"ch9\" ...", "message_ko": ...}}
//
//   handle_request_text(R"({"list": true})") -> {"ok": true, "labs": [...labs, steps, params...]}
//
// Never throws and never aborts: every failure comes back as {"ok": false, ...}.
//
// Long runs call `progress` every few thousand steps and between blocks of long array work
// (tlab::Progress in python.hpp: {done, label});
// when it returns false the run stops and the answer is
// {"ok": false, "error": {"field": "", "message": "the run was cancelled", ...}}.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "tlab/labs.hpp"

namespace tlab {

nlohmann::json handle_request(const nlohmann::json& request, const ProgressFn& progress = {});
std::string handle_request_text(const std::string& request_text, const ProgressFn& progress = {});

}  // namespace tlab
