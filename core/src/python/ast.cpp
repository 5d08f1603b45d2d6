// ast.cpp — the Module arena's bookkeeping.
#include "python/ast.hpp"

#include "python/scope.hpp"

namespace tlab {

Scope* Module::new_scope() {
    scopes_.push_back(new Scope());
    return scopes_.back();
}

Module::~Module() {
    for (Scope* s : scopes_) delete s;
}

}  // namespace tlab
