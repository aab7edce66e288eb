//===- HostWarpPaths.h - Which lanes cuda.activemask() groups on the CPU ---===//
//
// On a GPU, cuda.activemask() gives the lanes of the warp executing the call
// together: lanes that took another branch, another call site of the same
// device function or another iteration of the loop around it are not among
// them. The CPU backend's runner (runtime/lib/CpuModule.cpp, resolveWarp)
// groups the lanes waiting at an activemask by a *path* this pass gives each
// call: the call instruction itself (device functions are inlined, so each
// inlined copy is one), the iterations of every loop around it and the call
// sites of the functions on the stack. The path lives in
// HostContext::warpPath; this pass instruments the functions that can reach
// an activemask:
//   * a loop around one saves the path before it, mixes the loop's ID into it
//     at the top of each iteration and puts the saved path back at each exit;
//     it also keeps its place in program order and its iteration in
//     HostContext::warpLoops, so that the runner lets lanes that are behind
//     (in an earlier iteration or an earlier loop) go first;
//   * a call of such a function mixes the call's ID in for the call;
//   * the activemask call passes the path, mixed with its own ID, as its value.
// Functions that reach no activemask are unchanged, as are GPU modules.
//===----------------------------------------------------------------------===//
#ifndef PYJIT_CODEGEN_HOSTWARPPATHS_H
#define PYJIT_CODEGEN_HOSTWARPPATHS_H

namespace llvm {
class Module;
} // namespace llvm

namespace pyjit::codegen {

/// Instruments \p module (a host module, its kernel and device functions
/// emitted with EmitOptions::host) as above.
void addHostWarpPaths(llvm::Module &module);

} // namespace pyjit::codegen

#endif
