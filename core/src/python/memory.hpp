// memory.hpp — a bound on what the code being run allocates with `new`: the lists, dicts, strings
// and objects Python code makes (NumPy arrays are bounded apart, by Heap::data_cap).
//
//   {
//       MemoryBudget budget(kCodeMemoryBytes);  // from here, new past this many more bytes throws
//       run_the_code();                        // OverBudget (a std::bad_alloc)
//   }
//
// Python has no such bound: a loop growing a list runs until the machine runs out. The kernel
// stops it well before and says so, as it stops an endless loop; it never answers with a
// MemoryError Python would not raise. Natively only: in the wasm build the bound is the module's
// memory (256 MB), past which new throws std::bad_alloc, and the run is stopped the same way.
#pragma once

#include <cstddef>
#include <new>

namespace tlab {

constexpr std::size_t kCodeMemoryBytes = std::size_t{160} << 20;

struct OverBudget : std::bad_alloc {
    const char* what() const noexcept override { return "the code needs more memory than the lab allows"; }
};

class MemoryBudget {
public:
    explicit MemoryBudget(std::size_t bytes);
    ~MemoryBudget();
    MemoryBudget(const MemoryBudget&) = delete;
    MemoryBudget& operator=(const MemoryBudget&) = delete;

private:
    std::size_t saved_;
};

// Bytes held through operator new now (what the budget counts).
std::size_t allocated_bytes();

struct Stopped;
// What a run past the budget answers (a Stopped, like the time bound's).
Stopped memory_stop();

}  // namespace tlab
