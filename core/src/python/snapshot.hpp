// snapshot.hpp — deep copies of a namespace, so a cell's state after it ran can be kept and
// started from again (the notebook's cache), whatever later cells do to the values in it.
//
//   Copier c(in, old_globals, new_globals);
//   Value x2 = c.copy(x);   // lists, dicts, arrays (views keep sharing their copied storage),
//                           // functions (now reading new_globals), classes and instances
//
// Aliasing is preserved: two names for one list give two names for one new list.
#pragma once

#include <map>
#include <memory>

#include "python/array.hpp"
#include "python/interp.hpp"

namespace tlab {

// Thrown for a value that cannot be copied (a running generator, an open iterator over a value
// that is not copied with it...): the state is then simply not cached.
struct NotCopyable {};

class Copier {
public:
    Copier(DictObj* from_globals, DictObj* to_globals) : from_(from_globals), to_(to_globals) {}
    Value copy(const Value& v);
    std::shared_ptr<Storage> storage(const std::shared_ptr<Storage>& s);
    // Records that `from` is now `to` (for hooks that build their copy in steps).
    void remember(const Object* from, const Value& to) { memo_[from] = to; }
    const Value* seen(const Object* from) const {
        auto it = memo_.find(from);
        return it == memo_.end() ? nullptr : &it->second;
    }

private:
    DictObj* from_;
    DictObj* to_;
    std::map<const Object*, Value> memo_;
    std::map<const Storage*, std::shared_ptr<Storage>> storages_;
};

// Copies every entry of `from` into `to` (which starts empty) through one Copier.
void copy_namespace(DictObj& from, DictObj& to);

}  // namespace tlab
