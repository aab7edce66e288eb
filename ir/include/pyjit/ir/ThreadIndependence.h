//===- ThreadIndependence.h - Code that runs alike on any thread ---------===//
//
// Whether a function's code does the same whatever thread of whatever
// block runs it, and runs to its end. pyjit's gufunc row staging
// (python/pyjit/_staging.py) runs such a function on rows copied into
// shared memory, by other threads than the direct kernel's, and copies the
// results back after it: a function that stopped its thread early, waited
// at a barrier, or read its thread's place would see or leave something
// else there.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_IR_THREADINDEPENDENCE_H
#define PYJIT_IR_THREADINDEPENDENCE_H

#include "pyjit/ir/Function.h"

namespace pyjit::ir {

/// True unless `fn` has any of:
/// - a stop: Raise, or a Ret that stops the thread (a raise or a failed
///   assert), or the internal cuda trap;
/// - a read of a special register (thread, block, lane index; sizes);
/// - a cuda.* function that waits for or exchanges with other threads
///   (barriers, warp shuffles, votes, matches, activemask, the grid group);
///   the arithmetic ones (popc, fma, ...), atomics, cache-hinted accesses,
///   fences, nanosleep and the device heap are kept;
/// - a pyjit.coop block or warp primitive;
/// - a shared array (each block's; a 0-extent one is the launch's dynamic
///   shared memory);
/// - a call of a function of the module (a recursive device function, or a
///   large one called again: IRGen outlines them; the callee may stop the
///   thread) or of a declared external function (unknown code). Calls are
///   refused whatever the callee does: conservative, staging runs less.
bool isThreadIndependent(const Function &fn);

} // namespace pyjit::ir

#endif
