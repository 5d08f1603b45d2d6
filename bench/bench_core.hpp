// bench_core.hpp — one benchmark case in, its timing out (JSON text both ways). See bench_core.cpp.
#pragma once

#include <string>

namespace tlabbench {

std::string run_case(const std::string& case_json);

}  // namespace tlabbench
