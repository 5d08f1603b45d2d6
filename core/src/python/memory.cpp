// memory.cpp — operator new and delete that count the bytes they hold, and the budget on them
// (memory.hpp). The count is malloc's usable size of each block, so freeing subtracts exactly
// what allocating added. The core runs on one thread.
//
// Natively only. In the wasm build the module's memory itself is the bound (MAXIMUM_MEMORY,
// wasm/CMakeLists.txt): past it malloc returns NULL, new throws std::bad_alloc, and the run is
// stopped the same way. (With emmalloc, malloc_usable_size did not give back at free what it
// gave at allocation: the count drifted and every request failed after a few.)
#include "python/memory.hpp"

#include <malloc.h>

#include <cstdlib>
#include <limits>
#include <string>

#include "python/objects.hpp"

namespace tlab {
namespace {

std::size_t g_in_use = 0;
std::size_t g_limit = std::numeric_limits<std::size_t>::max();

#if defined(__EMSCRIPTEN__)
constexpr bool kCounting = false;
#else
constexpr bool kCounting = true;

void* allocate(std::size_t n) {
    if (n > g_limit - g_in_use) throw OverBudget{};
    void* p = std::malloc(n == 0 ? 1 : n);
    if (p == nullptr) throw std::bad_alloc{};
    g_in_use += malloc_usable_size(p);
    return p;
}

void* allocate_nothrow(std::size_t n) noexcept {
    try {
        return allocate(n);
    } catch (const std::bad_alloc&) {
        return nullptr;
    }
}

void release(void* p) noexcept {
    if (p == nullptr) return;
    g_in_use -= malloc_usable_size(p);
    std::free(p);
}
#endif

}  // namespace

MemoryBudget::MemoryBudget(std::size_t bytes) : saved_(g_limit) {
    if (!kCounting) return;
    const std::size_t room = g_limit > g_in_use ? g_limit - g_in_use : 0;
    g_limit = g_in_use + (bytes < room ? bytes : room);
}

MemoryBudget::~MemoryBudget() { g_limit = saved_; }

std::size_t allocated_bytes() { return g_in_use; }

Stopped memory_stop() {
    return Stopped{"the code needs more memory than the lab allows; the run was stopped",
                   "코드가 실습에서 쓸 수 있는 것보다 많은 메모리가 필요해 실행을 멈췄습니다"};
}

}  // namespace tlab

#if !defined(__EMSCRIPTEN__)
void* operator new(std::size_t n) { return tlab::allocate(n); }
void* operator new[](std::size_t n) { return tlab::allocate(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return tlab::allocate_nothrow(n); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return tlab::allocate_nothrow(n); }
void operator delete(void* p) noexcept { tlab::release(p); }
void operator delete[](void* p) noexcept { tlab::release(p); }
void operator delete(void* p, std::size_t) noexcept { tlab::release(p); }
void operator delete[](void* p, std::size_t) noexcept { tlab::release(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { tlab::release(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { tlab::release(p); }
#endif
