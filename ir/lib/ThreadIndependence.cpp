//===- ThreadIndependence.cpp - Code that runs alike on any thread -------===//
#include "pyjit/ir/ThreadIndependence.h"
#include "pyjit/ir/CudaIntrinsics.h"

using namespace pyjit::ir;

namespace {

/// The cuda.* functions whose result or effect depends on other threads or
/// on where the thread is, or that stop it.
bool dependsOnThreads(CudaFn fn) {
  switch (fn) {
  case CudaFn::Syncthreads:
  case CudaFn::SyncthreadsCount:
  case CudaFn::SyncthreadsAnd:
  case CudaFn::SyncthreadsOr:
  case CudaFn::Syncwarp:
  case CudaFn::ShflSync:
  case CudaFn::ShflUpSync:
  case CudaFn::ShflDownSync:
  case CudaFn::ShflXorSync:
  case CudaFn::AllSync:
  case CudaFn::AnySync:
  case CudaFn::EqSync:
  case CudaFn::BallotSync:
  case CudaFn::Activemask:
  case CudaFn::MatchAnySync:
  case CudaFn::MatchAllSync:
  case CudaFn::ThisGrid:
  case CudaFn::GridSync:
  case CudaFn::Trap:
    return true;
  default:
    return false;
  }
}

constexpr int64_t kSharedSpace = 3; // AllocArray's intImm (Instruction.h)

bool isThreadIndependent(const Instruction &inst) {
  switch (inst.opcode()) {
  case Opcode::Raise:
  case Opcode::SReg:
  case Opcode::Coop:
  case Opcode::CoopAggregate:
  case Opcode::Call:
  case Opcode::ExternCall:
    return false;
  case Opcode::Ret:
    return inst.intImm != 1;
  case Opcode::Cuda:
    return !dependsOnThreads(static_cast<CudaFn>(inst.intImm));
  case Opcode::AllocArray:
    return inst.intImm != kSharedSpace;
  default:
    return true;
  }
}

} // namespace

bool pyjit::ir::isThreadIndependent(const Function &fn) {
  for (const auto &bb : fn.blocks())
    for (const auto &inst : bb->instructions())
      if (!::isThreadIndependent(*inst))
        return false;
  return true;
}
