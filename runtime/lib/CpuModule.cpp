//===- CpuModule.cpp - The CPU backend: JIT-compiled host kernels -------===//
#include "pyjit/runtime/CpuModule.h"
#include "pyjit/runtime/CudaError.h"
#include "ForkSafeMutex.h"
#include "pyjit/runtime/Interrupt.h"
#include "pyjit/runtime/KernelError.h"
#include "pyjit/codegen/HostTarget.h"
#include "HostLibdevice.h"
#include "WorkerPool.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include <boost/context/fiber.hpp>
#include <boost/context/protected_fixedsize_stack.hpp>
#include <algorithm>
#include <cassert>
#include <chrono>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <atomic>
#include <mutex>
#include <pthread.h>
#include <sys/resource.h>
#include <thread>
#include <unordered_map>
#include <string>
#include <vector>

using namespace pyjit;
using namespace pyjit::runtime;

char KernelError::ID = 0;

namespace {

llvm::Error error(const llvm::Twine &message) {
  return llvm::make_error<KernelError>(message.str());
}

/// The compiler-rt builtin `__truncdfhf2` that LLVM calls for `fptrunc
/// double to half` on x86-64, which this process's libgcc need not export.
extern "C" _Float16 pyjit_host_truncdfhf2(double d) {
  uint16_t bits = doubleToHalfBits(d);
  _Float16 h;
  std::memcpy(&h, &bits, sizeof h);
  return h;
}

/// The compiler-rt builtins `__truncsfbf2` and `__truncdfbf2` that LLVM
/// calls for `fptrunc float/double to bfloat` on x86-64 (libgcc has them
/// from GCC 13 only). A bfloat return value travels as a half's does (the
/// low 16 bits of xmm0).
extern "C" _Float16 pyjit_host_truncdfbf2(double d) {
  uint16_t bits = doubleToBFloat16Bits(d);
  _Float16 h;
  std::memcpy(&h, &bits, sizeof h);
  return h;
}
extern "C" _Float16 pyjit_host_truncsfbf2(float f) { return pyjit_host_truncdfbf2(f); }

/// print on the CPU backend: vprintf's contract (CUDA Programming Guide,
/// "Formatted Output"): each argument in an 8-byte slot, in order. Walks
/// the format and hands each conversion its slot.
extern "C" int pyjit_host_vprintf(const char *format, const char *args) {
  std::string out;
  const char *p = format;
  size_t slot = 0;
  while (*p) {
    if (*p != '%') {
      out += *p++;
      continue;
    }
    if (p[1] == '%') {
      out += '%';
      p += 2;
      continue;
    }
    // One conversion: %[flags][width][.precision][length]type.
    const char *start = p++;
    while (*p && !std::strchr("diouxXeEfFgGaAcspn", *p))
      ++p;
    if (!*p)
      break;
    std::string spec(start, p + 1);
    char type = *p++;
    char buffer[512];
    uint64_t bits = 0;
    if (args)
      std::memcpy(&bits, args + 8 * slot++, 8);
    if (std::strchr("eEfFgGaA", type)) {
      double d;
      std::memcpy(&d, &bits, 8);
      std::snprintf(buffer, sizeof buffer, spec.c_str(), d);
    } else if (type == 's' || type == 'p') {
      std::snprintf(buffer, sizeof buffer, spec.c_str(), reinterpret_cast<const char *>(bits));
    } else if (type == 'c') {
      std::snprintf(buffer, sizeof buffer, spec.c_str(), static_cast<int>(bits));
    } else if (type == 'n') {
      continue;
    } else {
      // Integers: the format's length modifier says how wide (%lld, %d, ...).
      std::snprintf(buffer, sizeof buffer, spec.c_str(), static_cast<long long>(bits));
    }
    out += buffer;
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  std::fflush(stdout);
  return static_cast<int>(out.size());
}

/// racecheck: who touched each shared-memory address since the block's last
/// barrier. Two threads conflict when one writes an address the other reads
/// or writes in the same interval between barriers (no ordering between
/// them on the GPU), unless both are lanes of one warp that both took part
/// in a cuda.syncwarp() between the two accesses (__syncwarp orders memory
/// among the threads taking part: CUDA C++ Programming Guide, "Synchronization
/// Functions"). Atomics are not logged.
struct RaceState {
  struct Access {
    uint64_t epoch = 0;
    int32_t writer = -1, writerLine = 0, reader = -1, readerLine = 0;
    uint32_t writerSyncs = 0, readerSyncs = 0; // the warp's syncwarps done by then
  };
  std::unordered_map<uintptr_t, Access> log;
  /// Per warp (linear thread index / 32), the lanes of each syncwarp that
  /// completed since the block's last barrier, in order.
  std::unordered_map<int32_t, std::vector<uint32_t>> warpSyncs;
  uint64_t epoch = 1;
  uint32_t syncsOf(int32_t thread) {
    auto it = warpSyncs.find(thread / 32);
    return it == warpSyncs.end() ? 0 : static_cast<uint32_t>(it->second.size());
  }
  /// Whether \p earlier's access (the warp's syncwarp count then: \p
  /// syncs) is ordered before \p later's now by a syncwarp both took part in.
  bool ordered(int32_t earlier, uint32_t syncs, int32_t later) {
    if (earlier / 32 != later / 32)
      return false;
    auto it = warpSyncs.find(later / 32);
    if (it == warpSyncs.end())
      return false;
    uint32_t both = (1u << (earlier % 32)) | (1u << (later % 32));
    for (size_t k = syncs; k < it->second.size(); ++k)
      if ((it->second[k] & both) == both)
        return true;
    return false;
  }
  void barrier() { // a block (or grid) barrier orders everything before it
    ++epoch;
    warpSyncs.clear();
  }
  std::string failure;
  const char *file = "<kernel>";
  // The block's shared memory: an access elsewhere is not logged (an array
  // variable that is shared on one path and global on another).
  std::pair<uintptr_t, uintptr_t> staticShared{0, 0}, dynamicShared{0, 0};
  bool isShared(uintptr_t a) const {
    return (a >= staticShared.first && a < staticShared.second) ||
           (a >= dynamicShared.first && a < dynamicShared.second);
  }
  void watch(const codegen::HostContext &ctx, uint64_t staticBytes) {
    auto base = [](void *p) { return reinterpret_cast<uintptr_t>(p); };
    staticShared = {base(ctx.staticShared), base(ctx.staticShared) + staticBytes};
    dynamicShared = {base(ctx.dynamicShared), base(ctx.dynamicShared) + ctx.dynamicSharedBytes};
  }
};

std::string threadAt(const codegen::HostContext &c, int32_t linear) {
  uint32_t bx = c.sreg[3], by = c.sreg[4];
  return "thread (" + std::to_string(linear % bx) + ", " + std::to_string(linear / bx % by) +
         ", " + std::to_string(linear / bx / by) + ")";
}

extern "C" void pyjit_host_shared_access(codegen::HostContext *ctx, const void *address,
                                         int32_t bytes, int32_t isWrite, int32_t line) {
  auto *state = static_cast<RaceState *>(ctx->raceState);
  if (!state || !state->failure.empty() ||
      !state->isShared(reinterpret_cast<uintptr_t>(address)))
    return;
  (void)bytes; // accesses are compared by their first byte (element granularity)
  int32_t me = static_cast<int32_t>(ctx->sreg[0] + ctx->sreg[3] * (ctx->sreg[1] + ctx->sreg[4] * ctx->sreg[2]));
  RaceState::Access &a = state->log[reinterpret_cast<uintptr_t>(address)];
  if (a.epoch != state->epoch)
    a = RaceState::Access{state->epoch};
  auto report = [&](const char *mine, const char *theirs, int32_t other, int32_t otherLine) {
    state->failure = std::string("shared-memory race in block (") + std::to_string(ctx->sreg[6]) +
                     ", " + std::to_string(ctx->sreg[7]) + ", " + std::to_string(ctx->sreg[8]) +
                     "): " + threadAt(*ctx, me) + " " + mine + " an element at " + state->file +
                     ":" + std::to_string(line) + " that " + threadAt(*ctx, other) + " " +
                     theirs + " at line " + std::to_string(otherLine) +
                     ", with no cuda.syncthreads() between them (nor a cuda.syncwarp() "
                     "both took part in)";
  };
  uint32_t syncs = state->syncsOf(me);
  if (a.writer >= 0 && a.writer != me && !state->ordered(a.writer, a.writerSyncs, me))
    return report(isWrite ? "writes" : "reads", "wrote", a.writer, a.writerLine);
  if (isWrite && a.reader >= 0 && a.reader != me && !state->ordered(a.reader, a.readerSyncs, me))
    return report("writes", "read", a.reader, a.readerLine);
  if (isWrite) {
    a.writer = me;
    a.writerLine = line;
    a.writerSyncs = syncs;
    a.reader = -1; // (ordered before this write, or this thread's own)
  } else if (a.reader < 0 || a.reader == me ||
             state->ordered(a.reader, a.readerSyncs, me)) {
    a.reader = me;
    a.readerLine = line;
    a.readerSyncs = syncs;
  }
}

/// What a CUDA thread's stack keeps free below HostContext::stackLimit: room
/// for the C library calls (printf, math) of the deepest frame. A module's
/// margin adds its local arrays (CpuModule::stackMargin): a recursive call
/// checks the stack pointer after its prologue has reserved the whole frame,
/// which may then lie up to a frame below the limit, and the RecursionError
/// is raised from there.
constexpr size_t kStackMargin = 32 * 1024;

/// The error record's size: 16 int64 words (docs/abi.md, "Error record").
constexpr size_t kErrorRecordBytes = 16 * sizeof(uint64_t);

/// Where this (host) thread's stack is: its lowest address (null if the
/// system does not tell) and size.
struct StackBounds {
  bool known = false;
  rlim_t limit = 0;          // RLIMIT_STACK's soft limit when asked
  const char *low = nullptr; // null: not known
  size_t size = 0;
};

/// This thread's StackBounds. Each thread asks the system again only when
/// RLIMIT_STACK has changed: a thread's stack does not move, the main
/// thread's reaches as far as that limit lets it grow, and glibc's
/// pthread_getattr_np reads /proc/self/maps for the main thread, ~150 us in
/// a Python process, which every launch paid.
const StackBounds &threadStackBounds() {
  thread_local StackBounds stack;
  struct rlimit rl {};
  rlim_t limit = ::getrlimit(RLIMIT_STACK, &rl) == 0 ? rl.rlim_cur : RLIM_INFINITY;
  if (!stack.known || stack.limit != limit) {
    stack = StackBounds{true, limit, nullptr, 0};
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
      void *low = nullptr;
      size_t size = 0;
      if (pthread_attr_getstack(&attr, &low, &size) == 0) {
        stack.low = static_cast<const char *>(low);
        stack.size = size;
      }
      pthread_attr_destroy(&attr);
    }
  }
  return stack;
}

/// HostContext::stackLimit for code run on the thread's own \p stack, \p
/// margin above its end; null (no check) if the system does not tell where
/// it is.
const void *stackLimitIn(const StackBounds &stack, size_t margin) {
  if (!stack.low || stack.size <= margin)
    return nullptr;
  return stack.low + margin;
}

/// Stacks the threads' StackPools keep between launches, in the whole
/// process: each is two mappings (the stack and its guard page), and the
/// kernel of a process that has used up vm.max_map_count (65530) can map no
/// more; a thread of LLVM's compiler cannot start either.
constexpr int64_t kMaxKeptStacks = 1024;
/// The largest stack kept between launches: a bigger one (a kernel's large
/// local arrays) would keep its touched pages resident.
constexpr size_t kMaxKeptStackBytes = 384 * 1024;
std::atomic<int64_t> keptStacks{0}; // kept by every StackPool, between launches

/// Fiber stacks (with a guard page) kept for reuse: creating a stack maps
/// memory, and a block creates a fiber per thread. \p bytes: 256 KiB plus
/// the kernel's own stack allocations (local arrays; CpuModule::stackBytes).
/// Within a launch a pool keeps every stack given back; settle() at its end
/// keeps only what the process-wide budget (kMaxKeptStacks) allows.
class StackPool {
public:
  StackPool(size_t bytes, size_t margin) : allocator(bytes), bytes(bytes), marginBytes(margin) {}
  size_t size() const { return bytes; }
  /// What HostContext::stackLimit keeps free at the stack's end.
  size_t margin() const { return marginBytes; }
  ~StackPool() {
    for (boost::context::stack_context &s : free)
      allocator.deallocate(s);
    keptStacks.fetch_sub(counted);
  }
  boost::context::stack_context take() {
    if (free.empty())
      return allocator.allocate();
    boost::context::stack_context s = free.back();
    free.pop_back();
    return s;
  }
  void give(boost::context::stack_context s) { free.push_back(s); }
  /// At a launch's end: keeps the free stacks the process-wide budget
  /// allows (none of more than kMaxKeptStackBytes), unmaps the others.
  void settle() {
    int64_t keep = bytes <= kMaxKeptStackBytes ? static_cast<int64_t>(free.size()) : 0;
    int64_t add = keep - counted;
    int64_t before = keptStacks.fetch_add(add);
    if (int64_t over = before + add - kMaxKeptStacks; over > 0 && add > 0) {
      int64_t drop = std::min(over, add);
      keptStacks.fetch_sub(drop);
      keep -= drop;
    }
    counted = keep;
    while (static_cast<int64_t>(free.size()) > keep) {
      allocator.deallocate(free.back());
      free.pop_back();
    }
  }

private:
  boost::context::protected_fixedsize_stack allocator;
  size_t bytes;
  size_t marginBytes;
  std::vector<boost::context::stack_context> free;
  int64_t counted = 0; // of `free`, in keptStacks
};

/// This thread's StackPool of \p bytes stacks with \p margin, kept between
/// launches (mapping a stack and its guard page for each fiber of each
/// launch cost ~5 us a thread): the pools of the last few sizes, holding
/// what StackPool::settle leaves them.
StackPool &threadStackPool(size_t bytes, size_t margin) {
  constexpr size_t kPoolsKept = 4;
  thread_local std::vector<std::unique_ptr<StackPool>> pools; // most recent last
  for (size_t i = 0; i < pools.size(); ++i)
    if (pools[i]->size() == bytes && pools[i]->margin() == margin) {
      std::rotate(pools.begin() + i, pools.begin() + i + 1, pools.end());
      return *pools.back();
    }
  if (pools.size() == kPoolsKept) // (no fiber of this thread is alive between launches)
    pools.erase(pools.begin());
  pools.push_back(std::make_unique<StackPool>(bytes, margin));
  return *pools.back();
}

/// Boost.Context's StackAllocator concept over a StackPool.
struct PooledStack {
  StackPool *pool;
  boost::context::stack_context allocate() { return pool->take(); }
  void deallocate(boost::context::stack_context &s) noexcept { pool->give(s); }
};

/// One CUDA thread of a block run as a fiber (Boost.Context): it runs until
/// it finishes or reaches a barrier, where it hands control back to the
/// block's scheduler.
struct FiberThread {
  codegen::HostContext ctx{};
  boost::context::fiber fiber; // the thread, while suspended
  boost::context::fiber sink;  // the scheduler, while the thread runs
  bool finished = false;
  bool waiting = false; // at a block barrier
  int32_t kind = 0, value = 0, result = 0, line = 0;
  const char *file = nullptr; // of the barrier's line (null: the kernel's)
  // At a warp collective (pyjit_host_warp).
  bool atWarp = false;
  codegen::HostWarpOp op = codegen::HostWarpOp::Syncwarp;
  uint32_t mask = 0;
  int64_t warpValue = 0, warpResult = 0;
  int32_t arg = 0, warpLine = 0;
  const char *warpFile = nullptr;
};

/// Where a thread waits, for messages: "FILE:LINE", the kernel's file
/// (\p kernelFile) where the call's is unknown.
std::string placeOf(const char *file, int32_t line, const char *kernelFile) {
  return std::string(file ? file : kernelFile) + ":" + std::to_string(line);
}

/// A warp collective on the CPU backend (codegen::kHostWarp): wait until
/// the lanes of `mask` arrive, then take this lane's result.
extern "C" int64_t pyjit_host_warp(codegen::HostContext *ctx, int32_t op, uint32_t mask,
                                   int64_t value, int32_t arg, int32_t line, const char *file) {
  auto *self = static_cast<FiberThread *>(ctx->runner);
  self->atWarp = true;
  self->op = static_cast<codegen::HostWarpOp>(op);
  self->mask = mask;
  self->warpValue = value;
  self->arg = arg;
  self->warpLine = line;
  self->warpFile = file;
  self->sink = std::move(self->sink).resume();
  return self->warpResult;
}

/// Completes the warp collectives waiting in the lanes \p lanes (32 or
/// fewer) that can complete: lanes at the same operation with the same mask
/// form a group, which completes when every live lane of its mask is in it
/// (so syncwarp(0xffff) and syncwarp(0xffffffff) are different barriers, as
/// on the GPU). activemask completes, when no other collective can, with
/// the lanes at its call (its `arg`, the call's place in program order) on
/// the same path there (its value: the same inlined copy of the call, loop
/// iterations and call sites, codegen/lib/HostWarpPaths.h), one group a
/// round, the lanes that are behind first (an earlier iteration, an earlier
/// loop or call): lanes that diverged before it (`if` arms, other
/// iterations) see only their side, lanes waiting at a later call are
/// joined there by the ones that get past the earlier, as a GPU warp
/// reconverges.
/// Results follow the CUDA C++ Programming Guide ("Warp Shuffle Functions",
/// "Warp Vote Functions", "Warp Match Functions"); a shuffle from a lane
/// outside the group returns the caller's own value. Returns true if any
/// group completed.
bool resolveWarp(FiberThread *lanes, unsigned count) {
  using Op = codegen::HostWarpOp;
  uint32_t live = 0;
  for (unsigned l = 0; l < count; ++l)
    if (!lanes[l].finished)
      live |= 1u << l;
  bool progress = false;
  for (unsigned first = 0; first < count; ++first) {
    if (!lanes[first].atWarp)
      continue;
    Op op = lanes[first].op;
    uint32_t mask = lanes[first].mask;
    if (op == Op::Activemask)
      continue; // (below)
    uint32_t group = 0;
    for (unsigned l = first; l < count; ++l)
      if (lanes[l].atWarp && lanes[l].op == op && lanes[l].mask == mask)
        group |= 1u << l;
    if ((mask & live) & ~group)
      continue; // lanes of the mask have not arrived yet
    for (unsigned l = 0; l < count; ++l) {
      if (!(group >> l & 1))
        continue;
      FiberThread &t = lanes[l];
      auto from = [&](int src) {
        return src >= 0 && src < 32 && (group >> src & 1) ? lanes[src].warpValue : t.warpValue;
      };
      uint32_t members = group & t.mask;
      int64_t r = 0;
      switch (op) {
      case Op::Syncwarp:
        break;
      case Op::ShflIdx:
        r = from(t.arg & 31);
        break;
      case Op::ShflUp:
        r = from(static_cast<int>(l) - t.arg);
        break;
      case Op::ShflDown:
        r = from(static_cast<int>(l) + t.arg);
        break;
      case Op::ShflXor:
        r = from(static_cast<int>(l ^ (t.arg & 31)));
        break;
      default: {
        uint32_t ballot = 0, same = 0;
        bool allEqual = true;
        for (unsigned m = 0; m < count; ++m)
          if (members >> m & 1) {
            if (lanes[m].warpValue != 0)
              ballot |= 1u << m;
            if (lanes[m].warpValue == t.warpValue)
              same |= 1u << m;
            else
              allEqual = false;
          }
        r = op == Op::All        ? ballot == members
            : op == Op::Any      ? ballot != 0
            : op == Op::Eq       ? (ballot == members || ballot == 0)
            : op == Op::Ballot   ? ballot
            : op == Op::MatchAny ? same
                                 : (allEqual ? members : 0);
        break;
      }
      }
      t.warpResult = r;
    }
    if (op == Op::Syncwarp)
      if (auto *race = static_cast<RaceState *>(lanes[first].ctx.raceState)) {
        const uint32_t *tid = lanes[0].ctx.sreg; // the warp's first lane: tid, ntid
        int32_t linear = static_cast<int32_t>(tid[0] + tid[3] * (tid[1] + tid[4] * tid[2]));
        race->warpSyncs[linear / 32].push_back(group); // it orders these lanes' accesses
      }
    for (unsigned l = 0; l < count; ++l)
      if (group >> l & 1)
        lanes[l].atWarp = false;
    progress = true;
  }
  if (progress)
    return true; // (lanes they let go may reach the activemask calls others wait at)
  // activemask: the lanes that are behind go first (the earliest in the
  // loops' iterations, then in program order: HostContext::warpLoops, then
  // the call's place), with the lanes at the same call on the same path.
  auto key = [&](unsigned l) {
    const codegen::HostContext &c = lanes[l].ctx;
    std::vector<uint64_t> k(c.warpLoops,
                            c.warpLoops + std::min<uint32_t>(c.warpDepth, codegen::kHostWarpLoopDepth));
    k.push_back(static_cast<uint64_t>(static_cast<uint32_t>(lanes[l].arg)) << 32);
    return k;
  };
  int behind = -1;
  std::vector<uint64_t> behindKey;
  for (unsigned l = 0; l < count; ++l)
    if (lanes[l].atWarp && lanes[l].op == Op::Activemask)
      if (std::vector<uint64_t> k = key(l); behind < 0 || k < behindKey) {
        behind = static_cast<int>(l);
        behindKey = std::move(k);
      }
  if (behind < 0)
    return false;
  uint32_t group = 0;
  for (unsigned l = 0; l < count; ++l)
    if (lanes[l].atWarp && lanes[l].op == Op::Activemask && lanes[l].arg == lanes[behind].arg &&
        lanes[l].warpValue == lanes[behind].warpValue)
      group |= 1u << l;
  for (unsigned l = 0; l < count; ++l)
    if (group >> l & 1) {
      lanes[l].warpResult = group;
      lanes[l].atWarp = false;
    }
  return true;
}

/// cuda.syncthreads*, on the CPU backend: wait for the block's other
/// threads (codegen::kHostBarrier).
extern "C" int32_t pyjit_host_barrier(codegen::HostContext *ctx, int32_t kind, int32_t value,
                                      int32_t line, const char *file) {
  auto *self = static_cast<FiberThread *>(ctx->runner);
  self->waiting = true;
  self->kind = kind;
  self->value = value;
  self->line = line;
  self->file = file;
  self->sink = std::move(self->sink).resume();
  return self->result;
}

/// pyjit_host_barrier's kind for the barriers inside pyjit.coop's primitives
/// (0-3 are cuda.syncthreads and its _count/_and/_or): errors name them.
constexpr int32_t kCoopBarrier = 4;

namespace coop {
// pyjit.coop's block primitives on the CPU backend (codegen::kHostCoop):
// every thread leaves its value in the block's scratch, thread 0 computes
// every thread's result (ir::CoopFn: 0 reduce, 1 inclusive scan, 2
// exclusive scan; ir::CoopOp: 0 add, 1 min, 2 max), then each takes its own.
template <class T> T apply(int32_t op, T a, T b) {
  switch (op) {
  case 1:
    return b < a ? b : a; // Python's min of a pair
  case 2:
    return a < b ? b : a;
  default:
    return a + b;
  }
}

template <class T> T identity(int32_t op) {
  if (op == 1)
    return std::numeric_limits<T>::has_infinity ? std::numeric_limits<T>::infinity()
                                                : std::numeric_limits<T>::max();
  if (op == 2)
    return std::numeric_limits<T>::has_infinity ? -std::numeric_limits<T>::infinity()
                                                : std::numeric_limits<T>::lowest();
  return T(0);
}

template <class T>
void run(codegen::HostContext *ctx, int32_t fn, int32_t op, void *scratch, void *inout,
         void *aggregate, int32_t line, const char *file) {
  const uint32_t *r = ctx->sreg;
  uint32_t tid = r[0] + r[3] * (r[1] + r[4] * r[2]);
  uint32_t n = r[3] * r[4] * r[5];
  T *s = static_cast<T *>(scratch); // kHostCoopScratchBytes: 1025 values of 8 bytes
  std::memcpy(&s[tid], inout, sizeof(T));
  pyjit_host_barrier(ctx, kCoopBarrier, 0, line, file);
  if (tid == 0) {
    T acc = s[0];
    for (uint32_t i = 0; i < n; ++i) {
      T v = s[i];
      T before = i == 0 ? identity<T>(op) : acc;
      acc = i == 0 ? v : apply(op, acc, v);
      s[i] = fn == 2 ? before : acc;
    }
    s[n] = acc;
  }
  pyjit_host_barrier(ctx, kCoopBarrier, 0, line, file);
  T result = fn == 0 ? s[n] : s[tid];
  std::memcpy(inout, &result, sizeof(T));
  std::memcpy(aggregate, &s[n], sizeof(T));
  pyjit_host_barrier(ctx, kCoopBarrier, 0, line, file); // the next call may write the scratch
}
} // namespace coop

extern "C" void pyjit_host_coop(codegen::HostContext *ctx, int32_t fn, int32_t op, int32_t type,
                                void *scratch, void *inout, void *aggregate, int32_t line,
                                const char *file) {
  switch (type) {
  case codegen::kHostCoopI32:
    return coop::run<int32_t>(ctx, fn, op, scratch, inout, aggregate, line, file);
  case codegen::kHostCoopI64:
    return coop::run<int64_t>(ctx, fn, op, scratch, inout, aggregate, line, file);
  case codegen::kHostCoopU32:
    return coop::run<uint32_t>(ctx, fn, op, scratch, inout, aggregate, line, file);
  case codegen::kHostCoopU64:
    return coop::run<uint64_t>(ctx, fn, op, scratch, inout, aggregate, line, file);
  case codegen::kHostCoopF32:
    return coop::run<float>(ctx, fn, op, scratch, inout, aggregate, line, file);
  default:
    return coop::run<double>(ctx, fn, op, scratch, inout, aggregate, line, file);
  }
}

/// What a thread waiting at a barrier is at, for messages.
const char *barrierName(const FiberThread &t) {
  return t.kind == kCoopBarrier              ? "a pyjit.coop block primitive"
         : t.kind == codegen::kHostGridBarrier ? "GridGroup.sync()"
                                             : "cuda.syncthreads";
}

std::string threadName(const codegen::HostContext &c) {
  return "thread (" + std::to_string(c.sreg[0]) + ", " + std::to_string(c.sreg[1]) + ", " +
         std::to_string(c.sreg[2]) + ") of block (" + std::to_string(c.sreg[6]) + ", " +
         std::to_string(c.sreg[7]) + ", " + std::to_string(c.sreg[8]) + ")";
}

/// The cuda function of a warp collective, for messages.
const char *warpOpName(codegen::HostWarpOp op) {
  using Op = codegen::HostWarpOp;
  switch (op) {
  case Op::Syncwarp: return "cuda.syncwarp";
  case Op::ShflIdx: return "cuda.shfl_sync";
  case Op::ShflUp: return "cuda.shfl_up_sync";
  case Op::ShflDown: return "cuda.shfl_down_sync";
  case Op::ShflXor: return "cuda.shfl_xor_sync";
  case Op::All: return "cuda.all_sync";
  case Op::Any: return "cuda.any_sync";
  case Op::Eq: return "cuda.eq_sync";
  case Op::Ballot: return "cuda.ballot_sync";
  case Op::Activemask: return "cuda.activemask";
  case Op::MatchAny: return "cuda.match_any_sync";
  case Op::MatchAll: return "cuda.match_all_sync";
  }
  return "a warp collective";
}

/// The message for a warp whose collectives cannot complete (\p lanes, 32
/// or fewer): the first lane waiting at one, and a lane of its mask that
/// waits elsewhere (at a block or grid barrier, or another collective).
/// \p file names the kernel's source.
std::string warpDeadlock(const FiberThread *lanes, unsigned count, const char *file) {
  unsigned first = 0;
  while (first < count && !lanes[first].atWarp)
    ++first;
  assert(first < count && "a warp deadlock with no lane at a collective");
  const FiberThread &t = lanes[first];
  std::string s = "deadlock on the CPU backend: " + threadName(t.ctx) + " waits at " +
                  warpOpName(t.op) + " on " + placeOf(t.warpFile, t.warpLine, file);
  for (unsigned l = 0; l < count; ++l) {
    const FiberThread &o = lanes[l];
    if (!(t.mask >> l & 1) || o.finished ||
        (o.atWarp && o.op == t.op && o.mask == t.mask))
      continue;
    s += " for lane " + std::to_string(l) + " of its mask, " + threadName(o.ctx) +
         ", which waits at ";
    if (o.atWarp)
      s += std::string(warpOpName(o.op)) + " on " + placeOf(o.warpFile, o.warpLine, file) +
           (o.op == t.op ? " with another mask" : "");
    else
      s += std::string(barrierName(o)) + " on " + placeOf(o.file, o.line, file);
    break;
  }
  return s + " (on the GPU this hangs or is undefined: every lane of the mask must reach the "
             "same warp collective)";
}

/// Debug mode: a barrier may open only when every thread of the block waits
/// at the same one. \p file names the kernel's source.
llvm::Error checkBarrier(const std::vector<FiberThread> &threads, const char *file) {
  const FiberThread *first = nullptr, *returned = nullptr;
  size_t waiting = 0;
  for (const FiberThread &t : threads) {
    if (t.finished) {
      returned = returned ? returned : &t;
      continue;
    }
    ++waiting;
    if (!first) {
      first = &t;
    } else if (placeOf(t.file, t.line, file) != placeOf(first->file, first->line, file)) {
      return error(llvm::Twine("barrier divergence: ") + threadName(first->ctx) +
                   " waits at " + barrierName(*first) + " on " +
                   placeOf(first->file, first->line, file) + " while " + threadName(t.ctx) +
                   " waits at the one on " + placeOf(t.file, t.line, file));
    }
  }
  if (first && returned)
    return error(llvm::Twine("barrier divergence: ") + llvm::Twine(waiting) +
                 " threads wait at " + barrierName(*first) + " on " +
                 placeOf(first->file, first->line, file) + " (" + threadName(first->ctx) +
                 ", ...) but " + threadName(returned->ctx) + " has returned without reaching it");
  return llvm::Error::success();
}

/// Creates a fiber per thread of a block, each to run \p entry from the
/// start. Errors: KernelError when a stack cannot be mapped (the address
/// space, or the process's count of memory mappings, is used up).
llvm::Error startFibers(codegen::HostEntry entry, std::vector<FiberThread> &threads,
                        const uint64_t *slots, StackPool &stacks) {
  namespace bc = boost::context;
  for (FiberThread &t : threads) {
    t.finished = t.waiting = t.atWarp = false;
    t.ctx.runner = &t;
    try { // Boost.Context reports a failed mmap as std::bad_alloc
      t.fiber = bc::fiber(std::allocator_arg, PooledStack{&stacks},
                          [&t, entry, slots, size = stacks.size(),
                           margin = stacks.margin()](bc::fiber &&sink) {
                            t.sink = std::move(sink);
                            // This frame is at the top of the fiber's stack.
                            char top;
                            t.ctx.stackLimit = &top - size + margin;
                            entry(&t.ctx, slots);
                            t.finished = true;
                            return std::move(t.sink);
                          });
    } catch (const std::bad_alloc &) {
      return error("the CPU backend could not map a stack for " + threadName(t.ctx) +
                   " (each CUDA thread of a kernel with barriers is a fiber with its own "
                   "stack): use fewer threads, or smaller local arrays");
    }
  }
  return llvm::Error::success();
}

/// Where runFibers left a block.
enum class BlockStop { Finished, AtGridBarrier };

/// Runs a block's started fibers: every live thread runs up to its next
/// barrier; when each unfinished thread waits at one, the barrier opens
/// with the block's count/and/or of their values. A thread that finishes no
/// longer takes part (as on sm_70 and later, where exited threads do not
/// hold a barrier back) — unless \p debugFile is set: then that, and threads
/// at different barriers, are errors (checkBarrier). Stops when every
/// thread has finished, or when every unfinished one waits at the grid
/// barrier (GridGroup.sync(), which the caller opens for the whole grid).
llvm::Expected<BlockStop> runFibers(std::vector<FiberThread> &threads, const char *file,
                                    const char *debugFile) {
  // After Ctrl-C the block goes on for at most 2 * kHostInterruptPeriod
  // rounds (from one barrier to the next) and 0.2 s: a thread in a while
  // loop reads the flag every kHostInterruptPeriod-th iteration
  // (CudaFn::Interrupted), then raises KeyboardInterrupt naming the loop
  // and returns; a block stopped at a barrier would give no such message.
  int drainRounds = -1;
  std::chrono::steady_clock::time_point drainEnd;
  for (;;) {
    if (!threads.empty() && static_cast<const std::atomic<int32_t> *>(threads[0].ctx.interrupt)
                                ->load(std::memory_order_relaxed)) {
      if (drainRounds < 0) {
        drainRounds = 2 * static_cast<int>(codegen::kHostInterruptPeriod);
        drainEnd = std::chrono::steady_clock::now() + std::chrono::milliseconds(200);
      } else if (drainRounds-- == 0 || std::chrono::steady_clock::now() > drainEnd) {
        return error("interrupted"); // Ctrl-C: no more threads (launch() reports it)
      }
    }
    for (FiberThread &t : threads)
      if (!t.finished && !t.waiting && !t.atWarp)
        t.fiber = std::move(t.fiber).resume();
    // Every unfinished thread now waits at a barrier or a warp collective.
    bool progress = false;
    for (size_t w = 0; w < threads.size(); w += 32)
      progress |= resolveWarp(&threads[w], static_cast<unsigned>(std::min<size_t>(32, threads.size() - w)));
    if (progress)
      continue;
    int32_t count = 0, all = 1, any = 0;
    const FiberThread *atGrid = nullptr, *atBlock = nullptr;
    for (size_t i = 0; i < threads.size(); ++i)
      if (threads[i].atWarp) {
        size_t w = i / 32 * 32;
        return error(warpDeadlock(&threads[w],
                                  static_cast<unsigned>(std::min<size_t>(32, threads.size() - w)),
                                  file));
      }
    for (FiberThread &t : threads)
      if (!t.finished) {
        (t.kind == codegen::kHostGridBarrier ? atGrid : atBlock) = &t;
        count += t.value != 0;
        all &= t.value != 0;
        any |= t.value != 0;
      }
    if (!atGrid && !atBlock)
      return BlockStop::Finished;
    if (atGrid) {
      // cooperative_groups' grid barrier: a block barrier, then thread
      // (0, 0, 0) arrives for its block. On the GPU both mistakes below hang.
      if (atBlock)
        return error("deadlock: " + threadName(atGrid->ctx) + " waits at GridGroup.sync() on " +
                     placeOf(atGrid->file, atGrid->line, file) + " while " +
                     threadName(atBlock->ctx) + " waits at " + barrierName(*atBlock) + " on " +
                     placeOf(atBlock->file, atBlock->line, file));
      if (threads.front().finished)
        return error("deadlock: " + threadName(threads.front().ctx) +
                     " has returned, so GridGroup.sync() on " +
                     placeOf(atGrid->file, atGrid->line, file) +
                     " never completes for its block (the block's first thread arrives for it; "
                     "on the GPU this hangs)");
      return BlockStop::AtGridBarrier;
    }
    if (debugFile)
      if (llvm::Error err = checkBarrier(threads, debugFile))
        return std::move(err);
    if (auto *race = static_cast<RaceState *>(threads.front().ctx.raceState)) {
      if (!race->failure.empty())
        return error(race->failure);
      race->barrier();
    }
    for (FiberThread &t : threads)
      if (!t.finished) {
        t.result = t.kind == 1 ? count : t.kind == 2 ? all : t.kind == 3 ? any : 0;
        t.waiting = false;
      }
  }
}

/// Runs one block with a fiber per thread (a kernel with barriers or warp
/// collectives, and no grid barrier).
llvm::Error runBlockWithFibers(codegen::HostEntry entry, std::vector<FiberThread> &threads,
                               const uint64_t *slots, const char *file, const char *debugFile,
                               StackPool &stacks) {
  if (llvm::Error err = startFibers(entry, threads, slots, stacks))
    return err;
  llvm::Expected<BlockStop> stop = runFibers(threads, file, debugFile);
  if (!stop)
    return stop.takeError();
  assert(*stop == BlockStop::Finished && "a grid barrier in a module without kHostUsesGridSync");
  return llvm::Error::success();
}

/// A block's context before its threads run: the launch's extents, its
/// shared memory, and (setBlock) its index.
codegen::HostContext launchContext(Dim3 grid, Dim3 block, std::vector<char> &dynamicShared,
                                   unsigned sharedBytes, std::vector<char> &staticShared,
                                   const std::atomic<int32_t> &interrupt) {
  codegen::HostContext ctx{};
  ctx.interrupt = &interrupt;
  for (unsigned d = 0; d < 3; ++d) {
    ctx.sreg[3 + d] = d == 0 ? block.x : d == 1 ? block.y : block.z;
    ctx.sreg[9 + d] = d == 0 ? grid.x : d == 1 ? grid.y : grid.z;
  }
  ctx.dynamicShared = dynamicShared.data();
  ctx.dynamicSharedBytes = sharedBytes;
  ctx.staticShared = staticShared.data();
  return ctx;
}

/// Block \p b of the grid, counted x fastest, as ctx's block index.
void setBlock(codegen::HostContext &ctx, Dim3 grid, uint64_t b) {
  ctx.sreg[6] = static_cast<uint32_t>(b % grid.x);
  ctx.sreg[7] = static_cast<uint32_t>(b / grid.x % grid.y);
  ctx.sreg[8] = static_cast<uint32_t>(b / grid.x / grid.y);
}

/// Calls f(ctx, linear) for each thread of a block in order (x, then y,
/// then z), with the thread's index and lane in ctx.
template <class F> void forEachThread(codegen::HostContext &ctx, Dim3 block, F f) {
  uint32_t linear = 0;
  for (unsigned tz = 0; tz < block.z; ++tz)
    for (unsigned ty = 0; ty < block.y; ++ty)
      for (unsigned tx = 0; tx < block.x; ++tx, ++linear) {
        ctx.sreg[0] = tx, ctx.sreg[1] = ty, ctx.sreg[2] = tz;
        ctx.sreg[12] = linear % 32;
        f(ctx, linear);
      }
}

} // namespace

llvm::Expected<std::unique_ptr<CpuModule>> CpuModule::load(llvm::ArrayRef<char> bitcode,
                                                           llvm::StringRef entry) {
  // A function-local static, not std::call_once: call_once's thread-local
  // state would make the extension need static TLS, which dlopen cannot
  // always give after other libraries have used it up.
  static const bool initialized = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    return true;
  }();
  (void)initialized;
  auto machine = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!machine)
    return machine.takeError();
  for (const char *name : codegen::kHostDisabledFeatures)
    machine->getFeatures().AddFeature(name, false);
  auto jit = llvm::orc::LLJITBuilder().setJITTargetMachineBuilder(std::move(*machine)).create();
  if (!jit)
    return jit.takeError();
  auto context = std::make_unique<llvm::LLVMContext>();
  auto buffer = llvm::MemoryBuffer::getMemBuffer(llvm::StringRef(bitcode.data(), bitcode.size()),
                                                 "kernel.bc", false);
  auto module = llvm::parseBitcodeFile(buffer->getMemBufferRef(), *context);
  if (!module)
    return module.takeError();
  llvm::orc::JITDylib &lib = (*jit)->getMainJITDylib();
  // The C library's math (sinf, ...) from this process; print from pyjit.
  auto process = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
      (*jit)->getDataLayout().getGlobalPrefix());
  if (!process)
    return process.takeError();
  lib.addGenerator(std::move(*process));
  llvm::orc::MangleAndInterner mangle((*jit)->getExecutionSession(), (*jit)->getDataLayout());
  auto flags = llvm::JITSymbolFlags::Exported | llvm::JITSymbolFlags::Callable;
  if (llvm::Error err = lib.define(llvm::orc::absoluteSymbols(
          {{mangle(codegen::kHostPrintf),
            {llvm::orc::ExecutorAddr::fromPtr(&pyjit_host_vprintf), flags}},
           {mangle(codegen::kHostBarrier),
            {llvm::orc::ExecutorAddr::fromPtr(&pyjit_host_barrier), flags}},
           {mangle(codegen::kHostWarp),
            {llvm::orc::ExecutorAddr::fromPtr(&pyjit_host_warp), flags}},
           {mangle(codegen::kHostCoop),
            {llvm::orc::ExecutorAddr::fromPtr(&pyjit_host_coop), flags}},
           {mangle(codegen::kHostSharedAccess),
            {llvm::orc::ExecutorAddr::fromPtr(&pyjit_host_shared_access), flags}},

           {mangle("__truncdfhf2"),
            {llvm::orc::ExecutorAddr::fromPtr(&pyjit_host_truncdfhf2), flags}},
           {mangle("__truncdfbf2"),
            {llvm::orc::ExecutorAddr::fromPtr(&pyjit_host_truncdfbf2), flags}},
           {mangle("__truncsfbf2"),
            {llvm::orc::ExecutorAddr::fromPtr(&pyjit_host_truncsfbf2), flags}}})))
    return std::move(err);
  // libdevice functions without a C library namesake (HostLibdevice.def).
  llvm::orc::SymbolMap libdevice;
  for (const HostLibdeviceSymbol &symbol : hostLibdeviceSymbols())
    libdevice[mangle(symbol.name)] = {llvm::orc::ExecutorAddr::fromPtr(symbol.address), flags};
  if (llvm::Error err = lib.define(llvm::orc::absoluteSymbols(std::move(libdevice))))
    return std::move(err);
  // Fiber stacks: 256 KiB for calls and spills, plus every fixed-size stack
  // allocation of the module (local arrays), so that large local arrays fit.
  uint64_t allocaBytes = 0;
  for (const llvm::Function &f : **module)
    for (const llvm::Instruction &inst : llvm::instructions(f))
      if (auto *alloca = llvm::dyn_cast<llvm::AllocaInst>(&inst))
        if (std::optional<llvm::TypeSize> size = alloca->getAllocationSize((*module)->getDataLayout()))
          allocaBytes += size->getKnownMinValue();
  uint64_t stackBytes = llvm::alignTo(256 * 1024 + allocaBytes, 64 * 1024);
  // A recursive function's frames repeat: 1 MiB plus room for 8 copies of
  // every local array (a deeper recursion raises RecursionError).
  // The margin below the limit holds one more frame (kStackMargin).
  uint64_t stackMargin = llvm::alignTo(kStackMargin + allocaBytes, 4096);
  if ((*module)->getGlobalVariable(codegen::kHostRecursive))
    stackBytes = llvm::alignTo(1024 * 1024 + 9 * allocaBytes, 64 * 1024);
  if (llvm::Error err = (*jit)->addIRModule(
          llvm::orc::ThreadSafeModule(std::move(*module), std::move(context))))
    return std::move(err);
  auto address = (*jit)->lookup(entry);
  if (!address)
    return error("the CPU backend cannot link kernel entry '" + entry +
                 "': " + llvm::toString(address.takeError()));
  std::unique_ptr<CpuModule> out(new CpuModule());
  out->jit = std::move(*jit);
  out->entryFn = address->toPtr<codegen::HostEntry>();
  llvm::StringRef name = entry; // (the host entry's symbol: the kernel's name + a suffix)
  name.consume_back(codegen::hostEntryName(""));
  out->kernelName = name.str();
  out->stackBytes = stackBytes;
  out->stackMargin = stackMargin;
  out->usesBarriers = out->global(codegen::kHostUsesBarriers) != nullptr;
  out->usesGridSync = out->global(codegen::kHostUsesGridSync) != nullptr;
  if (auto *bytes = static_cast<const uint64_t *>(out->global(codegen::kHostStaticShared)))
    out->staticSharedBytes = *bytes;
  out->sourceFile = static_cast<const char *>(out->global(codegen::kHostSourceFile));
  if (out->global(codegen::kHostDebug))
    out->debugFile = out->sourceFile;
  out->racecheck = out->global(codegen::kHostRacecheck) != nullptr;
  out->errorRecord = out->global("__pyjit_error"); // docs/abi.md, "Error record"
  return out;
}

CpuModule::~CpuModule() = default;

void *CpuModule::global(llvm::StringRef name) const {
  auto address = jit->lookup(name);
  if (!address) {
    llvm::consumeError(address.takeError());
    return nullptr;
  }
  return address->toPtr<void *>();
}

llvm::Error CpuModule::launch(Dim3 grid, Dim3 block, unsigned sharedBytes,
                              const uint64_t *slots, bool routeInterrupt) const {
  uint64_t threads = uint64_t(block.x) * block.y * block.z;
  if (threads == 0 || threads > 1024)
    return error("a block of " + llvm::Twine(threads) +
                 " threads: the CPU backend, like the GPU, takes 1 to 1024");
  uint64_t blocks = uint64_t(grid.x) * grid.y * grid.z;
  if (blocks == 0)
    return error("a grid of 0 blocks");
  if (staticSharedBytes + sharedBytes > kMaxSharedBytesPerBlock) {
    constexpr int kInvalidValue = 1; // CUDA_ERROR_INVALID_VALUE (cuda.h)
    return llvm::make_error<CudaError>(
        "cuLaunchKernel", kInvalidValue, "CUDA_ERROR_INVALID_VALUE", "invalid argument",
        ("kernel '" + kernelName + "' on the CPU backend: " + llvm::Twine(staticSharedBytes) +
         " bytes of static and " + llvm::Twine(sharedBytes) +
         " of dynamic shared memory a block, more than the " +
         llvm::Twine(kMaxSharedBytesPerBlock) + " a block may have")
            .str());
  }
  if (errorRecord) // (a record left by a launch Python did not finish reading)
    std::memset(errorRecord, 0, kErrorRecordBytes);
  InterruptScope interrupt(routeInterrupt); // Ctrl-C stops the launch (runtime/Interrupt.h)
  auto stopped = [&] { return interrupt.flag().load(std::memory_order_relaxed) != 0; };
  auto interrupted = [&] {
    return llvm::make_error<Interrupted>("the launch was interrupted (Ctrl-C)");
  };
  if (usesGridSync) {
    llvm::Error err =
        launchGridSync(grid, block, sharedBytes, slots, interrupt.flag());
    if (interrupt.fired()) {
      llvm::consumeError(std::move(err)); // (a thread the interrupt stopped may leave a deadlock)
      return interrupted();
    }
    return err;
  }
  // Blocks are independent: a pool of workers takes them in turn, each with
  // its own shared memory (static and dynamic) and, for kernels with
  // barriers or warp collectives, its own fibers.
  unsigned workers = static_cast<unsigned>(
      std::min<uint64_t>(blocks, std::max(1u, std::thread::hardware_concurrency())));
  std::atomic<uint64_t> next{0};
  std::mutex failureMutex;
  std::string failure;
  auto work = [&] {
    std::vector<char> dynamicShared(sharedBytes ? sharedBytes : 1);
    std::vector<char> staticShared(staticSharedBytes ? staticSharedBytes : 1);
    codegen::HostContext ctx =
        launchContext(grid, block, dynamicShared, sharedBytes, staticShared, interrupt.flag());
    const StackBounds &hostStack = threadStackBounds(); // (one getrlimit a launch)
    ctx.stackLimit = stackLimitIn(hostStack, stackMargin); // (fibers set their own)
    RaceState race;
    if (racecheck) {
      race.file = sourceFile ? sourceFile : "<kernel>";
      race.watch(ctx, staticSharedBytes);
      ctx.raceState = &race;
    }
    StackPool &stacks = threadStackPool(stackBytes, stackMargin); // (outlives `fibers`: a suspended fiber returns its stack when destroyed)
    struct Settle {
      StackPool &stacks;
      ~Settle() { stacks.settle(); } // after `fibers` are gone, their stacks back
    } settle{stacks};
    // A kernel without barriers runs on this thread's own stack, unless what
    // is left of it is less than its local arrays, the recursion margin
    // (stackMargin holds both), their room again and 64 KiB for calls (a
    // Python thread made after threading.stack_size(256 * 1024)): then on
    // fibers, whose stacks have room.
    char here;
    const char *low = hostStack.low;
    bool onFibers = usesBarriers ||
                    (low && &here - low < static_cast<ptrdiff_t>(2 * stackMargin + 64 * 1024));
    std::vector<FiberThread> fibers(onFibers ? threads : 0);
    for (uint64_t b; (b = next.fetch_add(1)) < blocks;) {
      if (stopped())
        return; // Ctrl-C: no more blocks
      setBlock(ctx, grid, b);
      forEachThread(ctx, block, [&](codegen::HostContext &c, uint32_t linear) {
        if (onFibers)
          fibers[linear].ctx = c;
        else if (!stopped()) // (Ctrl-C: no more threads)
          entryFn(&c, slots);
      });
      llvm::Error blockErr = onFibers
                                 ? runBlockWithFibers(entryFn, fibers, slots, sourceFile ? sourceFile : "<kernel>", debugFile, stacks)
                                 : llvm::Error::success();
      if (!blockErr && !race.failure.empty())
        blockErr = error(race.failure);
      race.log.clear(); // shared memory starts afresh with each block
      race.warpSyncs.clear();
      if (llvm::Error err = std::move(blockErr)) {
        std::lock_guard<std::mutex> lock(failureMutex);
        if (failure.empty())
          failure = llvm::toString(std::move(err));
        next = blocks; // stop the other workers
        return;
      }
    }
  };
  auto gate = std::make_shared<HelperGate>();
  for (unsigned w = 1; w < workers; ++w)
    cpuWorkerPool().async([gate, &work] {
      if (!gate->enter())
        return; // (the launch is over: `work` is gone)
      work();
      gate->leave();
    });
  work();
  gate->closeAndWait();
  if (interrupt.fired())
    return interrupted(); // (a thread it stopped may have left a deadlock behind)
  if (!failure.empty())
    return error(failure);
  return llvm::Error::success();
}

llvm::Error CpuModule::launchGridSync(Dim3 grid, Dim3 block, unsigned sharedBytes,
                                      const uint64_t *slots,
                                      const std::atomic<int32_t> &interrupt) const {
  uint64_t threads = uint64_t(block.x) * block.y * block.z;
  uint64_t blocks = uint64_t(grid.x) * grid.y * grid.z;
  if (blocks * threads > kMaxGridSyncThreads) {
    // The GPU's error (its CUresult 720 too), so that one `except` serves both.
    constexpr int kTooLarge = 720; // CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE (cuda.h)
    return llvm::make_error<CudaError>(
        "cuLaunchCooperativeKernel", kTooLarge, "CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE",
        "too many blocks in cooperative launch",
        ("kernel '" + kernelName + "' on the CPU backend, which synchronizes its grid "
         "(cuda.cg): a grid of " + llvm::Twine(blocks) + " blocks of " + llvm::Twine(threads) +
         " threads, where every thread runs at once, at most " +
         llvm::Twine(kMaxGridSyncThreads) +
         "; max_cooperative_grid_blocks(blockdim) gives the most blocks")
            .str());
  }
  // Every block at once, on this thread: each with its shared memory and a
  // fiber per thread, run until all of its threads wait at the grid barrier
  // (or have finished); then the barrier opens for the whole grid.
  struct BlockRun {
    std::vector<char> dynamicShared, staticShared;
    std::vector<FiberThread> fibers;
    RaceState race;
    bool finished = false;
  };
  // One grid-synchronizing launch at a time: each maps a stack per thread of
  // its grid, and two at once could exhaust the process's memory mappings.
  static ForkSafeMutex gridSyncMutex; // (a child forked during such a launch can launch too)
  std::lock_guard<ForkSafeMutex> lock(gridSyncMutex);
  StackPool stacks(stackBytes, stackMargin); // before `runs`: a suspended fiber returns its stack when destroyed
  std::vector<BlockRun> runs(blocks);
  for (uint64_t b = 0; b < blocks; ++b) {
    BlockRun &run = runs[b];
    run.dynamicShared.resize(sharedBytes ? sharedBytes : 1);
    run.staticShared.resize(staticSharedBytes ? staticSharedBytes : 1);
    run.fibers.resize(threads);
    codegen::HostContext ctx =
        launchContext(grid, block, run.dynamicShared, sharedBytes, run.staticShared, interrupt);
    setBlock(ctx, grid, b);
    if (racecheck) {
      run.race.file = sourceFile ? sourceFile : "<kernel>";
      run.race.watch(ctx, staticSharedBytes);
      ctx.raceState = &run.race;
    }
    forEachThread(ctx, block,
                  [&](codegen::HostContext &c, uint32_t linear) { run.fibers[linear].ctx = c; });
    if (llvm::Error err = startFibers(entryFn, run.fibers, slots, stacks))
      return err;
  }
  for (;;) {
    if (interrupt.load(std::memory_order_relaxed))
      return error("interrupted"); // (launch() reports it)
    const BlockRun *waiting = nullptr, *finished = nullptr;
    for (BlockRun &run : runs) {
      if (!run.finished) {
        llvm::Expected<BlockStop> stop = runFibers(run.fibers, sourceFile ? sourceFile : "<kernel>", debugFile);
        if (!stop)
          return stop.takeError();
        if (!run.race.failure.empty())
          return error(run.race.failure);
        run.finished = *stop == BlockStop::Finished;
      }
      (run.finished ? finished : waiting) = &run;
    }
    if (!waiting)
      return llvm::Error::success();
    if (finished) {
      const FiberThread *at = nullptr;
      for (const FiberThread &t : waiting->fibers)
        if (!t.finished)
          at = at ? at : &t;
      const codegen::HostContext &c = finished->fibers.front().ctx;
      return error("deadlock: block (" + llvm::Twine(c.sreg[6]) + ", " + llvm::Twine(c.sreg[7]) +
                   ", " + llvm::Twine(c.sreg[8]) + ") has returned, so GridGroup.sync() on " +
                   placeOf(at->file, at->line, sourceFile ? sourceFile : "<kernel>") +
                   " never completes for " + threadName(at->ctx) +
                   " (on the GPU this hangs)");
    }
    for (BlockRun &run : runs) {
      run.race.barrier(); // the grid barrier orders everything before it
      for (FiberThread &t : run.fibers)
        if (!t.finished) {
          t.result = 0;
          t.waiting = false;
        }
    }
  }
}
