// snapshot.cpp — deep copies for the notebook's cache.
#include "python/snapshot.hpp"

#include <cstring>

namespace tlab {

std::shared_ptr<Storage> Copier::storage(const std::shared_ptr<Storage>& s) {
    auto it = storages_.find(s.get());
    if (it != storages_.end()) return it->second;
    auto copy = std::make_shared<Storage>(s->dtype, s->n);
    std::memcpy(copy->data, s->data, s->bytes);
    storages_[s.get()] = copy;
    return copy;
}

Value Copier::copy(const Value& v) {
    Object* o = v.obj();
    if (o == nullptr || o->immortal) return v;
    if (const Value* done = seen(o)) return *done;
    switch (o->okind) {
        case ObjKind::str:
        case ObjKind::module:
        case ObjKind::builtin:
        case ObjKind::range:
        case ObjKind::exception:
            return v;  // immutable here, or shared on purpose (modules)
        case ObjKind::dict: {
            auto* d = static_cast<DictObj*>(o);
            if (d == from_) return Value(to_);
            Ref<DictObj> out = make_dict();
            remember(o, out);
            // Keys are hashable, so immutable: copying keeps their hash.
            for (const auto& e : d->entries()) {
                if (e.live) out->insert_copied(e.hash, copy(e.key), copy(e.value));
            }
            return out;
        }
        case ObjKind::list: {
            Ref<ListObj> out(make<ListObj>());
            remember(o, out);
            for (const Value& x : static_cast<ListObj*>(o)->items) out->items.push_back(copy(x));
            return out;
        }
        case ObjKind::tuple: {
            Ref<TupleObj> out(make<TupleObj>());
            remember(o, out);
            for (const Value& x : static_cast<TupleObj*>(o)->items) out->items.push_back(copy(x));
            return out;
        }
        case ObjKind::slice: {
            auto* s = static_cast<SliceObj*>(o);
            return Value(make<SliceObj>(copy(s->start), copy(s->stop), copy(s->step)));
        }
        case ObjKind::cell: {
            auto* c = static_cast<CellObj*>(o);
            Ref<CellObj> out(make<CellObj>());
            remember(o, out);
            out->value = copy(c->value);
            out->bound = c->bound;
            return out;
        }
        case ObjKind::function: {
            auto* f = static_cast<FunctionObj*>(o);
            Ref<FunctionObj> out(make<FunctionObj>());
            remember(o, out);
            out->module = f->module;
            out->params = f->params;
            out->body = f->body;
            out->lambda_body = f->lambda_body;
            out->scope = f->scope;
            out->name = f->name;
            out->qualname = f->qualname;
            out->globals = Ref<DictObj>(copy(f->globals));
            for (const Value& d : f->defaults) out->defaults.push_back(copy(d));
            for (const Value& d : f->kw_defaults) out->kw_defaults.push_back(copy(d));
            out->has_kw_default = f->has_kw_default;
            for (const auto& c : f->closure) out->closure.push_back(Ref<CellObj>(copy(c)));
            if (f->attrs) out->attrs = Ref<DictObj>(copy(f->attrs));
            return out;
        }
        case ObjKind::method: {
            auto* m = static_cast<MethodObj*>(o);
            return Value(make<MethodObj>(copy(m->self), copy(m->func)));
        }
        case ObjKind::type: {
            auto* t = static_cast<TypeObj*>(o);
            Ref<TypeObj> out(make<TypeObj>(t->name, t->module, t->base));
            remember(o, out);
            out->is_heap_class = t->is_heap_class;
            out->ops = t->ops;
            for (const auto& e : t->dict->entries()) {
                if (e.live) out->dict->set_str(e.key.as<StrObj>()->s, copy(e.value));
            }
            return out;
        }
        case ObjKind::instance: {
            auto* inst = static_cast<InstanceObj*>(o);
            Value cls = copy(Value(inst->cls));
            Ref<InstanceObj> out(make<InstanceObj>(cls.as<TypeObj>()));
            remember(o, out);
            out->attrs = Ref<DictObj>(copy(inst->attrs));
            return out;
        }
        case ObjKind::array: {
            auto* a = static_cast<ArrayObj*>(o);
            Ref<ArrayObj> out(make<ArrayObj>());
            remember(o, out);
            out->dtype = a->dtype;
            out->shape = a->shape;
            out->strides = a->strides;
            out->offset = a->offset;
            out->storage = storage(a->storage);
            out->base = copy(a->base);
            return out;
        }
        case ObjKind::dict_view: {
            auto* dv = static_cast<DictViewObj*>(o);
            return Value(make<DictViewObj>(copy(dv->dict), dv->which));
        }
        case ObjKind::iterator: {
            auto* it = static_cast<IterObj*>(o);
            Ref<IterObj> out(make<IterObj>(it->source));
            remember(o, out);
            out->seq = copy(it->seq);
            for (const Value& p : it->parts) out->parts.push_back(copy(p));
            out->index = it->index;
            out->step = it->step;
            out->count = it->count;
            out->byte = it->byte;
            out->done = it->done;
            return out;
        }
        default: break;
    }
    if (const TypeOps* ops = v.type()->ops; ops != nullptr && ops->copy != nullptr) {
        Value out = ops->copy(*this, v);
        remember(o, out);
        return out;
    }
    throw NotCopyable{};
}

void copy_namespace(DictObj& from, DictObj& to) {
    Copier c(&from, &to);
    for (const auto& e : from.entries()) {
        if (!e.live) continue;
        to.set_str(e.key.as<StrObj>()->s, c.copy(e.value));
    }
}

}  // namespace tlab
