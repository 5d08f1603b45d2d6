// bench_core.cpp — the benchmark's cases, the same code for the native program (bench_main.cpp)
// and the wasm module the browser bench loads (bench_wasm.cpp).
//
//   run_case(R"({"case": "randn", "n": 10000000, "seed": 42})")
//     -> {"case": "randn", "normals": 10000000, "seconds": 0.09, "checksum": ...}
//   run_case(R"({"case": "sweep", "n_pairs": 20000, "d_k_values": [4, 16, 64, 256, 1024]})")
//     -> {"case": "sweep", "normals": 54560000, "seconds": 0.7, "table": "    d_k  √d_k ..."}
//   run_case(R"({"case": "check_log", "n": 1000000})")   (native: FMA log == portable log)
//   run_case(R"({"case": "cells", "rounds": 21, "labs": [lab documents]})")
//     -> {"case": "cells", "cells": [{"lab", "step", "cells": [code...], "index", "parse_s": [...],
//         "run_s": [...], "status"}, ...]}
//   (every lab step at textbook values: the cell parsed alone, and parsed + run in a kernel
//   whose earlier cells are cached, as after a learner's edit; numpy_bench.py times the same
//   cells in Python)
//
// "sweep" goes through the JSON API (handle_request_text), as the page and labrun do; "table" is
// the printed DataFrame, which the driver compares with NumPy's print for the same sizes.
#include "bench_core.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <vector>

#include <nlohmann/json.hpp>

#include "python/parser.hpp"
#include "python/scope.hpp"
#include "tlab/api.hpp"
#include "tlab/labs.hpp"
#include "tlab/python.hpp"
#include "tlab/npmath.hpp"
#include "tlab/nprandom.hpp"

namespace tlabbench {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

double seconds_since(Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

json randn(const json& c) {
    const auto n = c.value("n", std::size_t{10000000});
    std::vector<double> out(n);
    const auto t0 = Clock::now();
    tlab::RandomState rng(c.value("seed", 42U));
    rng.fill_normal(out.data(), n);
    const double dt = seconds_since(t0);
    const double checksum = tlab::np_sum(out.data(), n);  // == np.add.reduce(x): run.mjs compares
    return {{"case", "randn"}, {"normals", n}, {"seconds", dt}, {"checksum", checksum},
            {"first", out.empty() ? 0.0 : out[0]}};
}

json sweep(const json& c) {
    const json dks = c.value("d_k_values", json::array({4, 16, 64, 256}));
    const auto n = c.value("n_pairs", std::int64_t{1000});
    std::int64_t total = 0;
    for (const auto& d : dks) total += d.get<std::int64_t>();
    const json request = {{"lab", "ch3-lab2"},
                          {"step", 1},
                          {"params", {{"sweep_seed", c.value("seed", 42)},
                                      {"d_k_values", dks},
                                      {"n_pairs", n}}}};
    const std::string text = request.dump();
    const auto t0 = Clock::now();
    const std::string response = tlab::handle_request_text(text);
    const double dt = seconds_since(t0);
    const json r = json::parse(response);
    json out = {{"case", "sweep"}, {"normals", 2 * n * total}, {"seconds", dt}};
    if (!r.value("ok", false)) {
        out["error"] = r.value("error", json::object());
        return out;
    }
    for (const auto& o : r["outputs"])
        if (o.value("output_type", "") == "display_data") out["table"] = o["data"]["text/plain"];
    return out;
}

// Parts of the sweep alone, to see where the time goes (not in the table):
//   {"case": "log", "n": N}    np_log_n over N values in (0, 1), as the normals' r^2
//   {"case": "log1", "n": N}   the same one value at a time through np_log_portable
//   {"case": "skip", "n": N}   skip_normals(N): the generator and the rejection test only
json part(const json& c, const std::string& name) {
    const auto n = c.value("n", std::size_t{10000000});
    tlab::RandomState rng(c.value("seed", 42U));
    double checksum = 0.0, seconds = 0.0;
    if (name == "log" || name == "log1") {
        std::vector<double> x(4096), y(4096);
        for (double& v : x) v = rng.next_double();
        const auto t0 = Clock::now();
        for (std::size_t done = 0; done < n; done += x.size()) {
            const std::size_t len = std::min(x.size(), n - done);
            if (name == "log") {
                tlab::np_log_n(x.data(), y.data(), len);
            } else {
                for (std::size_t k = 0; k < len; ++k) y[k] = tlab::np_log_portable(x[k]);
            }
            checksum += y[done % 7];
        }
        seconds = seconds_since(t0);
    } else {
        const auto t0 = Clock::now();
        rng.skip_normals(n);
        seconds = seconds_since(t0);
        checksum = rng.standard_normal();
    }
    return {{"case", name}, {"normals", n}, {"seconds", seconds}, {"checksum", checksum}};
}

// The FMA-instruction log and the portable one agree bit for bit (native x86-64 with FMA; on
// other builds both are the portable one).
json check_log(const json& c) {
    const auto n = c.value("n", std::size_t{1000000});
    tlab::RandomState rng(c.value("seed", 1U));
    std::size_t mismatches = 0;
    double first_bad = 0.0;
    for (std::size_t k = 0; k < n; ++k) {
        double x;
        switch (k % 4) {
            case 0: x = rng.next_double(); break;                          // r2 of randn: (0, 1)
            case 1: x = 1.0 + (rng.next_double() - 0.5) * 0.25; break;      // the near-1 path
            case 2: {                                                      // any positive double
                std::uint64_t b = (std::uint64_t{rng.next_uint32()} << 32) | rng.next_uint32();
                b &= 0x7fefffffffffffffULL;
                std::memcpy(&x, &b, 8);
                break;
            }
            default: x = rng.next_double() * 0x1p-1030;  // subnormals
        }
        const double a = tlab::np_log(x), b = tlab::np_log_portable(x);
        std::uint64_t ua, ub;
        std::memcpy(&ua, &a, 8);
        std::memcpy(&ub, &b, 8);
        if (ua != ub && mismatches++ == 0) first_bad = x;
    }
    return {{"case", "check_log"}, {"n", n}, {"mismatches", mismatches}, {"first_bad", first_bad}};
}

// The lab's cells as run_step builds them: the first step's setup, then every step's code.
std::vector<std::string> lab_cells(const tlab::LabSpec& lab, std::size_t& first_step) {
    const tlab::Params params = tlab::textbook_params(lab);
    std::vector<std::string> cells;
    const std::string setup = tlab::step_source(lab, 1, params).prelude;
    if (!setup.empty()) cells.push_back(setup);
    first_step = cells.size();
    for (const tlab::StepSpec& s : lab.steps) cells.push_back(tlab::step_source(lab, s.number, params).source);
    return cells;
}

json cells(const json& c) {
    const int rounds = c.value("rounds", 5);
    json out = json::array();
    for (const tlab::LabSpec* known : tlab::registered_labs()) {
        const tlab::LabSpec& lab = *known;
        std::size_t first = 0;
        std::vector<std::string> code = lab_cells(lab, first);
        for (std::size_t index = first; index < code.size(); ++index) {
            json parse_s = json::array(), run_s = json::array();
            for (int r = 0; r < rounds; ++r) {
                const auto t0 = Clock::now();
                tlab::ParseResult p = tlab::parse_module(code[index], "<cell>", tlab::SourceKind::cell);
                tlab::Pos pos;
                if (p.module) tlab::resolve_scopes(*p.module, pos);
                parse_s.push_back(seconds_since(t0));
            }
            tlab::Notebook nb;
            std::string status = nb.run(code, index).status;  // the earlier cells, now cached
            const std::string own = code[index];
            for (int r = 0; r < rounds; ++r) {
                // A changed cell (a comment line added or taken away) is parsed again and run
                // from the cached state of the cells before it.
                code[index] = r % 2 == 0 ? own + "\n# edit\n" : own;
                const auto t0 = Clock::now();
                status = nb.run(code, index).status;
                run_s.push_back(seconds_since(t0));
            }
            code[index] = own;
            out.push_back({{"lab", lab.id}, {"step", static_cast<int>(index - first) + 1}, {"cells", code},
                           {"index", index}, {"parse_s", parse_s}, {"run_s", run_s}, {"status", status}});
        }
    }
    return {{"case", "cells"}, {"cells", out}};
}

}  // namespace

std::string run_case(const std::string& case_json) {
    try {
        const json c = json::parse(case_json);
        // The labs' documents (bench/run.mjs sends them, as the page sends its lab's: the wasm
        // has no lab folders), so that "sweep" and "cells" can name a lab.
        for (const json& doc : c.value("labs", json::array())) tlab::register_lab(doc);
        const std::string name = c.value("case", "");
        if (name == "randn") return randn(c).dump();
        if (name == "sweep") return sweep(c).dump();
        if (name == "check_log") return check_log(c).dump();
        if (name == "cells") return cells(c).dump();
        if (name == "log" || name == "log1" || name == "skip") return part(c, name).dump();
        return json{{"error", "unknown case " + name}}.dump();
    } catch (const std::exception& e) {
        return json{{"error", e.what()}}.dump();
    }
}

}  // namespace tlabbench
