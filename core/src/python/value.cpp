// value.cpp — reference counting, the heap's object list and its cycle collector.
#include "python/value.hpp"

#include <algorithm>

#include "python/objects.hpp"

namespace tlab {

Object::~Object() = default;

namespace {
thread_local Heap* g_heap = nullptr;
}  // namespace

Heap* current_heap() { return g_heap; }
void set_current_heap(Heap* heap) { g_heap = heap; }

namespace {

struct HeapHead : Object {
    HeapHead() : Object(ObjKind::type) { immortal = true; }
    TypeObj* type() const override { return nullptr; }
};

void unlink_object(Object* o) {
    if (o->gc_prev == nullptr) return;
    o->gc_prev->gc_next = o->gc_next;
    o->gc_next->gc_prev = o->gc_prev;
    o->gc_prev = o->gc_next = nullptr;
}

}  // namespace

Heap::Heap() : head_(new HeapHead()) { head_->gc_prev = head_->gc_next = head_; }

Heap::~Heap() {
    clear_all();
    delete head_;
}

void Heap::link(Object* o) {
    o->gc_prev = head_;
    o->gc_next = head_->gc_next;
    head_->gc_next->gc_prev = o;
    head_->gc_next = o;
}

void Heap::unlink(Object* o) { unlink_object(o); }

std::size_t Heap::objects() const {
    std::size_t n = 0;
    for (Object* o = head_->gc_next; o != head_; o = o->gc_next) ++n;
    return n;
}

// Objects are freed when their count drops to zero, except during a collection: then the
// collector itself frees the garbage, all at once, after dropping the references between them.
void free_object(Object* o) {
    if (g_heap != nullptr && g_heap->collecting_) return;
    unlink_object(o);
    delete o;
}

namespace {

class Marker : public Tracer {
public:
    void visit(const Value& v) override { visit_object(v.obj()); }
    void visit_object(Object* o) override {
        if (o == nullptr || o->immortal || o->gc_mark) return;
        o->gc_mark = true;
        stack_.push_back(o);
    }
    void drain() {
        while (!stack_.empty()) {
            Object* o = stack_.back();
            stack_.pop_back();
            o->trace(*this);
        }
    }

private:
    std::vector<Object*> stack_;
};

}  // namespace

void Heap::collect(const std::vector<Value>& roots) {
    Heap* const saved = g_heap;
    g_heap = this;
    struct Restore {
        Heap* h;
        ~Restore() { g_heap = h; }
    } restore{saved};
    Marker marker;
    for (const Value& v : roots) marker.visit(v);
    marker.drain();
    std::vector<Object*> garbage;
    for (Object* o = head_->gc_next; o != head_; o = o->gc_next) {
        if (!o->gc_mark) garbage.push_back(o);
        o->gc_mark = false;
    }
    if (garbage.empty()) return;
    // Garbage is referenced only by garbage: drop those references without freeing anything
    // (free_object waits while collecting_), then free it all.
    // Destructors that drop references (an instance's class) must not free garbage either.
    collecting_ = true;
    for (Object* o : garbage) o->clear();
    for (Object* o : garbage) unlink_object(o);
    for (Object* o : garbage) delete o;
    collecting_ = false;
}

void Heap::clear_all() {
    collect({});
}

}  // namespace tlab
