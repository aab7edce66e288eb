//===- LLVMEmitter.h - Typed SSA IR -> LLVM IR ---------------------------===//
#ifndef PYJIT_CODEGEN_LLVMEMITTER_H
#define PYJIT_CODEGEN_LLVMEMITTER_H

#include "pyjit/codegen/FastMath.h"
#include "pyjit/codegen/HostABI.h"
#include "pyjit/ir/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include <cstdint>

namespace pyjit::codegen {

struct EmitOptions {
  FastMath fastmath;
  /// Line tables (.file/.loc in PTX) mapping instructions to Python lines.
  bool lineinfo = false;
  /// Full DWARF (with lineinfo): the function as a DW_TAG_subprogram, its
  /// parameters and locals as variables (ir::Opcode::DebugValue) in their
  /// registers, for cuda-gdb. ptxas then needs -g (it refuses debug
  /// sections in optimized code), so only unoptimized kernels have it.
  bool debugInfo = false;
  /// Every array argument spans less than 2^31 bytes (the runtime checks
  /// this at launch and picks this variant): index arithmetic is 32-bit.
  bool index32 = false;
  /// Emit for the CPU backend (the host's LLVM target) instead of NVPTX:
  /// one address space, thread and block indices read from a context the
  /// runner passes as the first parameter (HostContext), math through the
  /// C library, print through pyjit_host_vprintf.
  bool host = false;
  /// Host kernels: the runner checks barrier divergence (debug=True).
  bool debug = false;
  /// Host kernels: log shared-memory accesses for the runner's race check.
  bool racecheck = false;
  /// Launch bounds (numba.cuda's `launch_bounds`): at most this many
  /// threads per block (PTX `.maxntid`), and at least this many resident
  /// blocks per multiprocessor wanted (`.minnctapersm`); 0 means none. They
  /// let ptxas budget registers for the block size. At most this many
  /// blocks in a thread-block cluster (`.maxclusterrank`, sm_90 and later;
  /// LLVM drops it for older targets).
  unsigned maxThreadsPerBlock = 0;
  unsigned minBlocksPerSM = 0;
  unsigned maxBlocksPerCluster = 0;
  /// Kernel: a PTX .entry. C and Numba: `fn` is a device function compiled
  /// on its own (cuda.compile_ptx(device=True)), a .func named `exportName`
  /// of number parameters: C returns its result (numba's abi="c"); Numba
  /// returns an int32 status (0) and stores the result through a pointer
  /// passed first (numba's own device-function ABI).
  /// Internal: `fn` is a device function called recursively (ir::Opcode::
  /// Call), a function of the module with internal linkage: the host
  /// context first (CPU backend), then the parameters as a kernel's (arrays'
  /// data as generic pointers); it returns an int32 status, 1 when the
  /// thread stopped (a raise), in a {status, value} pair when it returns a
  /// value (not through memory: a recursion's frames stay small).
  enum class Abi { Kernel, C, Numba, Internal } abi = Abi::Kernel;
  std::string exportName;
};

/// The function attribute that keeps an exported device function (EmitOptions::
/// Abi C or Numba) when the module is internalized.
inline constexpr const char *kExportAttribute = "pyjit-export";


/// The global that a failed debug check writes (docs/abi.md, "Error
/// record"): 16 x i64, word 0 = error site + 1 (0: no error), 1-2 = the
/// check's operands, 3-5 = threadIdx, 6-8 = blockIdx.
inline constexpr const char *kErrorRecordName = "__pyjit_error";

/// Device library functions (runtime/devicelib/coop.cu) start with this: a
/// GPU module declaring one needs the library at link time.
inline constexpr const char *kDevicelibPrefix = "__pyjit_coop_";
/// The device library's grid barrier (cuda.cg GridGroup.sync()): a GPU
/// module declaring it must be launched cooperatively.
inline constexpr const char *kDevicelibGridSync = "__pyjit_coop_grid_sync";
inline constexpr unsigned kErrorRecordWords = 16;

/// Emits `fn` as a kernel into `module` (whose target triple and data layout
/// are already set) following the kernel ABI of docs/abi.md: a scalar is one
/// parameter (bool as i8); an n-d array is 1 + 2n parameters (data pointer
/// in the global address space, n extents, n strides in bytes, all i64).
/// Python semantics (floored division, wrapping integers, first-wins min and
/// max) are lowered here; math with no LLVM intrinsic calls libdevice
/// (`__nv_*`), which the target links afterwards.
/// Returns a StringError for IR it cannot lower (a compiler bug).
llvm::Expected<llvm::Function *> emitKernel(const ir::Function &fn, llvm::Module &module,
                                            const EmitOptions &options = {});

} // namespace pyjit::codegen

#endif
