//===- HostABI.h - How the CPU backend's runner calls a host kernel -----===//
//
// Header-only and dependency-free: codegen emits against it, the runtime's
// runner (runtime/CpuModule.h) fills it in.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_CODEGEN_HOSTABI_H
#define PYJIT_CODEGEN_HOSTABI_H

#include <cstdint>

namespace pyjit::codegen {

/// The first parameter of a host kernel (EmitOptions::host): what the
/// runner sets before running each CUDA thread. Offsets are part of the
/// contract: sreg at 0, dynamicShared at 64, dynamicSharedBytes at 72.
struct HostContext {
  uint32_t sreg[16]; // tid.xyz, ntid.xyz, ctaid.xyz, nctaid.xyz, laneid
  void *dynamicShared;
  uint64_t dynamicSharedBytes;
};
static_assert(sizeof(void *) == 8, "the CPU backend needs a 64-bit host");

/// `void entry(HostContext *, const uint64_t *slots)` (HostTarget.h).
using HostEntry = void (*)(HostContext *, const uint64_t *);

/// The symbol a host module's print calls, with vprintf's contract: a
/// format and a buffer of 8-byte argument slots.
inline constexpr const char *kHostPrintf = "pyjit_host_vprintf";

} // namespace pyjit::codegen

#endif
