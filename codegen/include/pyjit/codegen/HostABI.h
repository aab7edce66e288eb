//===- HostABI.h - How the CPU backend's runner calls a host kernel -----===//
//
// Header-only and dependency-free: codegen emits against it, the runtime's
// runner (runtime/CpuModule.h) fills it in.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_CODEGEN_HOSTABI_H
#define PYJIT_CODEGEN_HOSTABI_H

#include <cstddef>
#include <cstdint>

namespace pyjit::codegen {

/// The loops around a cuda.activemask() call whose iterations the CPU
/// backend's runner compares (HostContext::warpLoops).
inline constexpr unsigned kHostWarpLoopDepth = 8;

/// The first parameter of a host kernel (EmitOptions::host): what the
/// runner sets before running each CUDA thread. Offsets are part of the
/// contract: sreg at 0, dynamicShared at 64, dynamicSharedBytes at 72,
/// runner at 80, staticShared at 88, raceState at 96, stackLimit at 104,
/// interrupt at 112, warpPath at 120, warpDepth at 128, warpLoops at 136.
struct HostContext {
  uint32_t sreg[16]; // tid.xyz, ntid.xyz, ctaid.xyz, nctaid.xyz, laneid
  void *dynamicShared;
  uint64_t dynamicSharedBytes;
  void *runner;       // the runner's state for this CUDA thread (barriers)
  void *staticShared; // the block's cuda.shared.array storage (kHostStaticShared bytes)
  void *raceState;    // the runner's shared-memory access log (racecheck)
  /// The lowest stack address the CUDA thread's code may reach, a margin
  /// above the end of its stack: a recursive device function raises
  /// RecursionError below it (ir::Opcode::CheckStack).
  const void *stackLimit;
  /// An int32 the runner sets (to 1) when Ctrl-C (SIGINT) arrives during
  /// the launch: while loops read it (a monotonic atomic load, once every
  /// kHostInterruptPeriod iterations; ir::CudaFn::Interrupted) and, if set,
  /// raise KeyboardInterrupt there (runtime/Interrupt.h).
  const void *interrupt;
  /// Where the CUDA thread is, for cuda.activemask(): a hash of the loop
  /// iterations and call sites it is in (HostWarpPaths.cpp); 0 at the start.
  uint64_t warpPath;
  /// The loops around activemask calls the CUDA thread is in, outermost
  /// first (HostWarpPaths.cpp): warpLoops[i] is the loop's place in program
  /// order << 32 | the iteration (1, 2, ...); warpDepth counts them. Of the
  /// lanes waiting at activemask calls, those earliest in this order go
  /// first (the runner's resolveWarp). Loops deeper than kHostWarpLoopDepth
  /// use the last slot, which is not compared.
  uint32_t warpDepth;
  uint64_t warpLoops[kHostWarpLoopDepth + 1];
};
inline constexpr unsigned kHostStackLimitOffset = 104;
static_assert(offsetof(HostContext, stackLimit) == kHostStackLimitOffset);
inline constexpr unsigned kHostInterruptOffset = 112;
static_assert(offsetof(HostContext, interrupt) == kHostInterruptOffset);
inline constexpr unsigned kHostWarpPathOffset = 120;
static_assert(offsetof(HostContext, warpPath) == kHostWarpPathOffset);
inline constexpr unsigned kHostWarpDepthOffset = 128;
static_assert(offsetof(HostContext, warpDepth) == kHostWarpDepthOffset);
inline constexpr unsigned kHostWarpLoopsOffset = 136;
static_assert(offsetof(HostContext, warpLoops) == kHostWarpLoopsOffset);
/// Iterations of a while loop between two reads of HostContext::interrupt
/// (a power of two): a counter in a register costs less than the load.
inline constexpr uint32_t kHostInterruptPeriod = 1024;

/// racecheck=True: `void pyjit_host_shared_access(HostContext *, const void
/// *address, int32_t bytes, int32_t isWrite, int32_t line)` before every
/// non-atomic load and store of shared memory; the module defines
/// kHostRacecheck (an i8 1).
inline constexpr const char *kHostSharedAccess = "pyjit_host_shared_access";
inline constexpr const char *kHostRacecheck = "__pyjit_racecheck";

/// An i64 constant: the bytes of static shared memory a block of the
/// module's kernel needs (each cuda.shared.array at a 16-byte aligned
/// offset of HostContext::staticShared), so blocks can run in parallel.
inline constexpr const char *kHostStaticShared = "__pyjit_static_shared_bytes";
static_assert(sizeof(void *) == 8, "the CPU backend needs a 64-bit host");

/// `void entry(HostContext *, const uint64_t *slots)` (HostTarget.h).
using HostEntry = void (*)(HostContext *, const uint64_t *);

/// The symbol a host module's print calls, with vprintf's contract: a
/// format and a buffer of 8-byte argument slots.
inline constexpr const char *kHostPrintf = "pyjit_host_vprintf";

/// `int32_t pyjit_host_barrier(HostContext *, int32_t kind, int32_t value,
/// int32_t line, const char *file)`: cuda.syncthreads (kind 0),
/// syncthreads_count (1), _and (2), _or (3) at source line `line` of `file`
/// (NUL-terminated; null: the kernel's, kHostSourceFile; both for errors);
/// returns the count, or the and/or of
/// `value` over the block. Kind kHostGridBarrier is GridGroup.sync(): it
/// waits for every thread of the grid.
inline constexpr const char *kHostBarrier = "pyjit_host_barrier";
inline constexpr int32_t kHostGridBarrier = 5;
/// `int64_t pyjit_host_warp(HostContext *, int32_t op, uint32_t mask,
/// int64_t value, int32_t arg, int32_t line, const char *file)`: a warp
/// collective among the lanes of `mask` (value: the operand's bits; arg:
/// lane, delta or lane mask) at source line `line` of `file` (as
/// pyjit_host_barrier's, for errors).
/// Activemask's arg is its place in program order, its value the lane's
/// path there (HostWarpPaths.cpp).
inline constexpr const char *kHostWarp = "pyjit_host_warp";
enum class HostWarpOp : int32_t {
  Syncwarp, ShflIdx, ShflUp, ShflDown, ShflXor, All, Any, Eq, Ballot, Activemask,
  MatchAny, MatchAll,
};

/// `void pyjit_host_coop(HostContext *, int32_t fn, int32_t op, int32_t type,
/// void *scratch, void *inout, void *aggregate, int32_t line, const char *file)`: a block-wide
/// primitive of pyjit.coop (ir/Coop.h: fn is CoopFn, op CoopOp; type
/// kHostCoopI32..F64). Every thread passes its value in *inout and gets its
/// result there, and the block's total in *aggregate; scratch is
/// kHostCoopScratchBytes of the block's static shared memory. It waits at
/// block barriers (reported at `line` of `file`, as pyjit_host_barrier's).
inline constexpr const char *kHostCoop = "pyjit_host_coop";
enum HostCoopType : int32_t { kHostCoopI32, kHostCoopI64, kHostCoopU32, kHostCoopU64,
                              kHostCoopF32, kHostCoopF64 };
inline constexpr uint64_t kHostCoopScratchBytes = (1024 + 1) * 8;
/// Debug modules (debug=True) define kHostDebug (an i8 1): the runner then
/// checks barriers (divergence). Every kernel's module defines
/// kHostSourceFile (the kernel's file, NUL-terminated), which the runner's
/// errors name with a line.
inline constexpr const char *kHostDebug = "__pyjit_debug";
inline constexpr const char *kHostSourceFile = "__pyjit_source_file";

/// A module that calls kHostBarrier or kHostWarp defines this (an i8 1): the runner then
/// runs each CUDA thread as a fiber.
inline constexpr const char *kHostUsesBarriers = "__pyjit_uses_barriers";
/// A module with a recursive device function (a function of its own,
/// ir::Opcode::Call) defines this (an i8 1): the runner then gives each
/// fiber a deeper stack.
inline constexpr const char *kHostRecursive = "__pyjit_recursive";
/// A module that synchronizes the grid (kHostGridBarrier) defines this too:
/// the runner then runs every block of the grid at once, on one host thread.
inline constexpr const char *kHostUsesGridSync = "__pyjit_uses_grid_sync";

} // namespace pyjit::codegen

#endif
