// tlab_bench — times the native core directly, one case per process (so peak RSS is the case's).
//   build/native/bench/tlab_bench '{"case": "randn", "n": 10000000}'
//   -> {"case":"randn","normals":10000000,"seconds":0.1,...,"peak_rss_bytes":91000000}
// Exit status 1 when the case reports an error or a check_log mismatch.
#include <cstdio>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "bench_core.hpp"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: tlab_bench CASE_JSON\n");
        return 2;
    }
    nlohmann::json out = nlohmann::json::parse(tlabbench::run_case(argv[1]));
    // VmHWM: this program's peak RSS. (getrusage's ru_maxrss would carry over the RSS of the
    // process that forked it, e.g. node's ~40 MB, through exec.)
    std::ifstream status("/proc/self/status");
    long long kb = -1;
    for (std::string line; std::getline(status, line);)
        if (line.rfind("VmHWM:", 0) == 0) kb = std::stoll(line.substr(6));
    out["peak_rss_bytes"] = kb * 1024;
    std::printf("%s\n", out.dump().c_str());
    const bool bad = out.contains("error") || out.value("mismatches", 0) != 0;
    return bad ? 1 : 0;
}
