// param_parse.hpp — the error a request gets for a value that does not fit (parse_param, labs.hpp).
#pragma once

#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "tlab/labs.hpp"

namespace tlab {

// A request the core cannot run, with the field that caused it ("params.A[1]") and a message in
// English and Korean that a learner can act on.
struct RequestError : std::runtime_error {
    RequestError(std::string field_, std::string en, std::string ko)
        : std::runtime_error(en), field(std::move(field_)), message_en(std::move(en)),
          message_ko(std::move(ko)) {}
    std::string field, message_en, message_ko;
};

}  // namespace tlab
