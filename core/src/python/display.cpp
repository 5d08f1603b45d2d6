// display.cpp — IPython's display of a cell's result.
#include "python/display.hpp"

namespace tlab {

std::string ipython_pretty(Interp& in, const Value& v) { return in.repr(v); }

std::map<std::string, std::string> display_bundle(Interp& in, const Value& v) {
    std::map<std::string, std::string> bundle;
    if (const TypeOps* ops = v.type()->ops; ops != nullptr && ops->display != nullptr) {
        ops->display(in, v, bundle);
        if (bundle.count("text/plain")) return bundle;
    }
    bundle["text/plain"] = ipython_pretty(in, v);
    return bundle;
}

}  // namespace tlab
