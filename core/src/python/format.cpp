// format.cpp — format(), str.format and % over the kernel's values: the formatting module
// (pyformat.hpp) does the text; this file looks values up and says what type each one is.
#include <cstring>

#include "python/builtins_support.hpp"
#include "python/interp.hpp"
#include "python/strings.hpp"

namespace tlab {

void raise_exc(Interp& in, const PyExc& e) {
    if (std::strcmp(e.type, k_beyond_int64) == 0) in.unsupported("integers beyond 64 bits", "64비트를 넘는 정수");
    const BuiltinTypes& t = types();
    TypeObj* cls = t.value_error;
    if (std::strcmp(e.type, "TypeError") == 0) cls = t.type_error;
    else if (std::strcmp(e.type, "OverflowError") == 0) cls = t.overflow_error;
    else if (std::strcmp(e.type, "MemoryError") == 0) cls = t.memory_error;
    else if (std::strcmp(e.type, "IndexError") == 0) cls = t.index_error;
    else if (std::strcmp(e.type, "KeyError") == 0) cls = t.key_error;
    in.raise(cls, e.message);
}

std::string Interp::format(const Value& v, const std::string& spec) {
    switch (v.kind()) {
        case Kind::boolean: return checked(*this, format_bool(v.as_bool(), spec));
        case Kind::integer:
        case Kind::np_int: return checked(*this, format_int(v.as_int(), spec));
        case Kind::floating:
        case Kind::np_float: return checked(*this, format_float(v.as_float(), spec));
        case Kind::np_bool:
            if (spec.empty()) return str(v);
            return checked(*this, format_bool(v.as_bool(), spec));
        default: break;
    }
    if (auto* s = v.as<StrObj>()) return checked(*this, format_str(s->s, spec));
    if (spec.empty()) return str(v);
    if (auto* inst = v.as<InstanceObj>()) {
        (void)inst;
    }
    PyExc e = format_object_error(v.type()->qualified(), spec);
    if (e) raise_exc(*this, e);
    return str(v);
}

namespace {

// str.format's values: positional and keyword arguments, and every value looked up from them
// during this call (handles index `looked_`).
class Fields : public FormatFields {
public:
    Fields(Interp& in, const std::vector<Value>& pos, const std::vector<std::pair<std::string, Value>>& kw)
        : in_(in), pos_(pos), kw_(kw) {}

    PyResult<std::size_t> lookup(const FieldName& name) override {
        PyResult<std::size_t> r;
        Value v;
        if (name.is_index) {
            if (name.index < 0 || static_cast<std::size_t>(name.index) >= pos_.size()) {
                r.error = {"IndexError", "Replacement index " + std::to_string(name.index) +
                                             " out of range for positional args tuple"};
                return r;
            }
            v = pos_[static_cast<std::size_t>(name.index)];
        } else {
            bool found = false;
            for (const auto& [k, val] : kw_) {
                if (k == name.key) {
                    v = val;
                    found = true;
                }
            }
            if (!found) in_.raise_value(in_.new_exception(types().key_error, {make_str(name.key)}));
        }
        for (const FieldAccessor& acc : name.rest) {
            if (acc.is_attribute) v = in_.getattr(v, acc.name);
            else if (acc.is_index) v = in_.getitem(v, Value::integer(acc.index));
            else v = in_.getitem(v, make_str(acc.name));
        }
        if (name.rest_error) {
            r.error = name.rest_error;
            return r;
        }
        looked_.push_back(v);
        r.value = looked_.size() - 1;
        return r;
    }

    PyExc convert(std::size_t handle, char32_t conversion) override {
        Value& v = looked_[handle];
        if (conversion == 'r') v = make_str(in_.repr(v));
        else if (conversion == 's') v = make_str(in_.str(v));
        else if (conversion == 'a') v = make_str(in_.ascii(v));
        return {};
    }

    PyResult<std::string> format(std::size_t handle, std::string_view spec) override {
        PyResult<std::string> r;
        r.value = in_.format(looked_[handle], std::string(spec));
        return r;
    }

private:
    Interp& in_;
    const std::vector<Value>& pos_;
    const std::vector<std::pair<std::string, Value>>& kw_;
    std::vector<Value> looked_;
};

class Operand : public PercentOperand {
public:
    Operand(Interp& in, const Value& v) : in_(in), v_(v) {}

    std::int64_t tuple_size() const override {
        auto* t = v_.as<TupleObj>();
        return t != nullptr ? static_cast<std::int64_t>(t->items.size()) : -1;
    }

    bool is_mapping() const override {
        if (v_.as<TupleObj>() || v_.as<StrObj>()) return false;
        return v_.as<DictObj>() || v_.as<ListObj>() ||
               (v_.type()->ops != nullptr && v_.type()->ops->getitem != nullptr);
    }

    PercentArg item(std::int64_t k) override {
        const Value& v = k < 0 ? v_ : v_.as<TupleObj>()->items[static_cast<std::size_t>(k)];
        return describe(v);
    }

    PyResult<PercentArg> lookup(std::string_view key) override {
        PyResult<PercentArg> r;
        r.value = describe(in_.getitem(v_, make_str(std::string(key))));
        return r;
    }

    PyResult<std::string> text(const PercentArg& arg, char conversion) override {
        PyResult<std::string> r;
        const Value& v = held_[arg.handle];
        r.value = conversion == 'r' ? in_.repr(v) : conversion == 'a' ? in_.ascii(v) : in_.str(v);
        return r;
    }

private:
    PercentArg describe(const Value& v) {
        PercentArg a;
        held_.push_back(v);
        a.handle = held_.size() - 1;
        a.type_name = v.type()->qualified();
        switch (v.kind()) {
            case Kind::boolean:
            case Kind::integer:
                a.kind = PercentKind::integer;
                a.i = v.as_int();
                return a;
            case Kind::np_int:
            case Kind::np_bool:
                a.kind = PercentKind::index;
                a.i = v.as_int();
                return a;
            case Kind::floating:
            case Kind::np_float:
                a.kind = PercentKind::floating;
                a.f = v.as_float();
                return a;
            default: break;
        }
        if (auto* s = v.as<StrObj>()) {
            a.kind = PercentKind::string;
            a.text = s->s;
        }
        return a;
    }

    Interp& in_;
    const Value& v_;
    std::vector<Value> held_;
};

}  // namespace

std::string str_format(Interp& in, const std::string& fmt, const std::vector<Value>& pos,
                       const std::vector<std::pair<std::string, Value>>& kw) {
    Fields fields(in, pos, kw);
    return checked(in, format_string(fmt, fields));
}

std::string percent_format(Interp& in, const std::string& fmt, const Value& args) {
    Operand operand(in, args);
    return checked(in, tlab::percent_format(fmt, operand));
}

}  // namespace tlab
