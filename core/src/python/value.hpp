// value.hpp — the interpreter's values: what a Python name can hold.
//
// A Value is 16 bytes: the immutable scalars live inside it (None, bool, int, float and NumPy's
// scalar types np.bool_, np.int64, np.float64, which print and round differently from Python's);
// everything else is an Object on the heap with an intrusive reference count.
//
//   Value a = Value::integer(3);           // 3
//   Value b = Value::np_float(0.5);        // np.float64(0.5)
//   Value s = make_str("안녕");             // a str object; s.type_name() == "str"
//
// Reference counting frees most objects as soon as they are unreachable; cycles (a list holding
// itself, a function and the globals it lives in) are collected by Heap::collect() at points where
// no C++ code holds a Value (between cells), from the roots the kernel names.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tlab {

struct Object;
struct TypeObj;

// `unbound` marks a local variable slot not yet assigned; Python code never sees it.
enum class Kind : std::uint8_t { none, boolean, integer, floating, np_bool, np_int, np_float, object, unbound };

class Value {
public:
    Value() : kind_(Kind::none), i_(0) {}
    static Value none() { return Value(); }
    static Value boolean(bool b) { Value v; v.kind_ = Kind::boolean; v.i_ = b; return v; }
    static Value integer(std::int64_t i) { Value v; v.kind_ = Kind::integer; v.i_ = i; return v; }
    static Value floating(double f) { Value v; v.kind_ = Kind::floating; v.f_ = f; return v; }
    static Value np_bool(bool b) { Value v; v.kind_ = Kind::np_bool; v.i_ = b; return v; }
    static Value np_int(std::int64_t i) { Value v; v.kind_ = Kind::np_int; v.i_ = i; return v; }
    static Value np_float(double f) { Value v; v.kind_ = Kind::np_float; v.f_ = f; return v; }
    static Value unbound() { Value v; v.kind_ = Kind::unbound; return v; }
    bool is_unbound() const { return kind_ == Kind::unbound; }
    // Takes a new reference to `o` (which may be null: then the value is None).
    explicit Value(Object* o);

    Value(const Value& other) : kind_(other.kind_), i_(other.i_) { retain(); }
    Value(Value&& other) noexcept : kind_(other.kind_), i_(other.i_) { other.kind_ = Kind::none; }
    Value& operator=(const Value& other) {
        if (this != &other) { Value copy(other); swap(copy); }
        return *this;
    }
    Value& operator=(Value&& other) noexcept {
        if (this != &other) { Value moved(std::move(other)); swap(moved); }
        return *this;
    }
    ~Value() { release(); }
    void swap(Value& other) noexcept { std::swap(kind_, other.kind_); std::swap(i_, other.i_); }

    Kind kind() const { return kind_; }
    bool is_none() const { return kind_ == Kind::none; }
    bool is_bool() const { return kind_ == Kind::boolean; }
    bool is_int() const { return kind_ == Kind::integer; }
    bool is_float() const { return kind_ == Kind::floating; }
    bool is_object() const { return kind_ == Kind::object; }
    // Python int or bool (bool is a subclass of int).
    bool is_int_like() const { return kind_ == Kind::integer || kind_ == Kind::boolean; }
    bool is_np_scalar() const { return kind_ == Kind::np_bool || kind_ == Kind::np_int || kind_ == Kind::np_float; }

    bool as_bool() const { return i_ != 0; }
    std::int64_t as_int() const { return i_; }
    double as_float() const { return f_; }
    Object* obj() const { return kind_ == Kind::object ? o_ : nullptr; }
    template <typename T> T* as() const;  // the object as T when it is one (by its type), else null

    TypeObj* type() const;
    const std::string& type_name() const;

    // Identity (Python's `is`): same object, or the same immutable scalar.
    bool same(const Value& other) const { return kind_ == other.kind_ && i_ == other.i_; }

private:
    void retain() const;
    void release();
    Kind kind_;
    union {
        std::int64_t i_;
        double f_;
        Object* o_;
    };
};

// What the garbage collector needs from an object: its children.
class Tracer {
public:
    virtual ~Tracer() = default;
    virtual void visit(const Value& v) = 0;
    virtual void visit_object(Object* o) = 0;
};

// Every object class, for cheap checked casts (Value::as<T>) without RTTI.
enum class ObjKind : std::uint8_t {
    type, str, list, tuple, dict, slice, range, builtin, cell, function, method, instance, module,
    exception, iterator, dict_view, generator,
    array, dtype, frame, series, figure, axes, artist, rc_params, random_state, lazy, pd_index,
};

struct Object {
    explicit Object(ObjKind k) : okind(k) {}
    Object(const Object&) = delete;
    Object& operator=(const Object&) = delete;
    virtual ~Object();
    virtual TypeObj* type() const = 0;
    // Every Value or Object* this object holds.
    virtual void trace(Tracer&) const {}
    // Drops what this object holds (cycle collection calls it on garbage only).
    virtual void clear() {}

    const ObjKind okind;
    std::uint32_t refs = 0;
    bool gc_mark = false;
    bool immortal = false;  // built-in types and functions: never counted, never freed
    Object* gc_prev = nullptr;
    Object* gc_next = nullptr;
};

inline Value::Value(Object* o) : kind_(o ? Kind::object : Kind::none), i_(0) {
    o_ = o;
    retain();
}

inline void Value::retain() const {
    if (kind_ == Kind::object && !o_->immortal) ++o_->refs;
}

void free_object(Object* o);

inline void Value::release() {
    if (kind_ == Kind::object && !o_->immortal && --o_->refs == 0) free_object(o_);
    kind_ = Kind::none;
}

// A counted reference to an object of a known class.
template <typename T>
class Ref {
public:
    Ref() = default;
    Ref(T* p) : v_(static_cast<Object*>(p)) {}  // NOLINT: a raw pointer from make<T>() converts
    explicit Ref(const Value& v) : v_(v) {}
    T* get() const { return static_cast<T*>(v_.obj()); }
    T* operator->() const { return get(); }
    T& operator*() const { return *get(); }
    explicit operator bool() const { return v_.obj() != nullptr; }
    const Value& value() const { return v_; }
    operator const Value&() const { return v_; }  // NOLINT: a Ref is usable wherever a Value is

private:
    Value v_;
};

// The objects the interpreter has allocated, for cycle collection and the memory cap.
class Heap {
public:
    Heap();
    ~Heap();
    void link(Object* o);
    void unlink(Object* o);
    // Frees every object not reachable from `roots`. Only call where no C++ code holds Values
    // other than those reachable from the roots.
    void collect(const std::vector<Value>& roots);
    // Frees every object (the kernel is being reset).
    void clear_all();
    std::size_t objects() const;

    // Bytes held by array buffers and other large data, for the memory cap (MemoryError).
    std::size_t data_bytes = 0;
    std::size_t data_cap = std::size_t{256} << 20;

private:
    // A circular list through gc_prev/gc_next with a sentinel, so an object can unlink itself
    // without knowing its heap.
    Object* head_;
    bool collecting_ = false;
    friend void free_object(Object* o);
};

// The heap objects are allocated on: each interpreter sets its own while it runs. With none set
// (e.g. while built-in types and modules' shared tables are made, see ImmortalScope), objects
// are immortal: never counted, never freed.
Heap* current_heap();
void set_current_heap(Heap* heap);

// Makes `heap` current for a while: a kernel kept between runs (one per lab) allocates on its own
// heap only while it runs, so another kernel's collection never sees its objects.
class HeapScope {
public:
    explicit HeapScope(Heap* heap) : saved_(current_heap()) { set_current_heap(heap); }
    ~HeapScope() { set_current_heap(saved_); }
    HeapScope(const HeapScope&) = delete;
    HeapScope& operator=(const HeapScope&) = delete;

private:
    Heap* saved_;
};

class ImmortalScope {
public:
    ImmortalScope() : saved_(current_heap()) { set_current_heap(nullptr); }
    ~ImmortalScope() { set_current_heap(saved_); }
    ImmortalScope(const ImmortalScope&) = delete;
    ImmortalScope& operator=(const ImmortalScope&) = delete;

private:
    Heap* saved_;
};

// Allocates a T on the current heap. The result has no references yet: wrap it in a Value/Ref.
template <typename T, typename... Args>
T* make(Args&&... args) {
    T* o = new T(std::forward<Args>(args)...);
    if (Heap* h = current_heap()) h->link(o);
    else o->immortal = true;
    return o;
}

}  // namespace tlab
