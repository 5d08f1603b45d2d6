// libFuzzer target on the JSON API: any bytes in, a JSON response with "ok" out, never a crash.
//
//   cmake --preset asan && cmake --build --preset asan --target fuzz_api
//   /usr/bin/python3 fuzz/make_corpus.py --labrun build/native/labrun build/fuzz/corpus
//   build/asan/fuzz/fuzz_api build/fuzz/corpus -max_total_time=60 -rss_limit_mb=2048 -timeout=10
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "tlab/api.hpp"
#include "tlab/lab_files.hpp"
#include "tlab/labs.hpp"

namespace {

// ch3-lab2 step 1 draws 2 × n_pairs × sum(d_k_values) normals: up to 1.3e11 at the current
// limits (hours). The sweep reports progress after each block of at most 2^18 values, so the
// fuzzer lets a run go for this many reports and then cancels it: every request runs (including
// the largest sizes' allocations and the cancel path), none for long. The textbook sweep needs 8.
constexpr int kMaxReports = 16;

}  // namespace

// The labs of labs/, known by id as labrun knows them (requests may also carry a document).
extern "C" int LLVMFuzzerInitialize(int*, char***) {
    tlab::register_lab_folders(tlab::default_labs_dir());
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string request(reinterpret_cast<const char*>(data), size);
    int reports = 0;
    bool cancelled = false;
    const std::string response =
        tlab::handle_request_text(request, [&](const tlab::Progress& progress) {
            if (!(progress.done == -1 || (progress.done >= 0 && progress.done <= 1))) abort();
            cancelled = ++reports > kMaxReports;
            return !cancelled;
        });
    // The response must itself be strict JSON: an object with a boolean "ok", and when not ok an
    // error with a field and both messages.
    const nlohmann::json r = nlohmann::json::parse(response, nullptr, /*allow_exceptions=*/false);
    if (r.is_discarded() || !r.is_object() || !r.contains("ok") || !r["ok"].is_boolean()) abort();
    if (r["ok"] == false) {
        const nlohmann::json& e = r["error"];
        if (!e.is_object() || !e["field"].is_string() || !e["message"].is_string() ||
            !e["message_ko"].is_string() || e["message"].get<std::string>().empty() ||
            e["message_ko"].get<std::string>().empty())
            abort();
        if (cancelled && e["message"] != "the run was cancelled") abort();
    } else if (cancelled) {
        abort();  // a cancelled run must not answer as if it had finished
    }
    return 0;
}
