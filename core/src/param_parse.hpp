// param_parse.hpp — checking one JSON param value against its spec.
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

// Throws RequestError naming "params.<name>..." when `value` does not fit `spec`.
ParamValue parse_param(const ParamSpec& spec, const nlohmann::json& value);

// The value as JSON, as it goes back in the response's "params".
nlohmann::json param_to_json(const ParamSpec& spec, const ParamValue& value);

}  // namespace tlab
