//===- LoadHoisting.cpp - Issue loads as early as their block allows ----===//
#include "pyjit/codegen/LoadHoisting.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Instructions.h"
#include <functional>
#include <queue>
#include <utility>
#include <vector>

using namespace pyjit::codegen;

namespace {

/// Does `inst` order memory or may it not return: nothing may move across it?
/// Stores, atomics, calls that may write or throw, barriers, fences, and
/// loads that are volatile or atomic (LLVM counts those as writes).
bool isFence(const llvm::Instruction &inst) {
  return inst.mayWriteToMemory() || inst.mayHaveSideEffects() ||
         llvm::isa<llvm::FenceInst>(inst);
}

/// Reorders one segment (the instructions between two fences, none of them
/// a fence) into `order`: every simple load, with the in-segment
/// instructions it depends on, first, then the rest, each group in its
/// original order. A list schedule over the segment's def-use edges, so each
/// instruction still follows its operands: O(n log n) in the segment's size.
void scheduleSegment(llvm::ArrayRef<llvm::Instruction *> segment,
                     llvm::SmallVectorImpl<llvm::Instruction *> &order) {
  llvm::DenseMap<llvm::Instruction *, unsigned> index;
  for (unsigned k = 0; k < segment.size(); ++k)
    index[segment[k]] = k;
  // The loads' cones: the loads and what they depend on in the segment.
  std::vector<bool> early(segment.size(), false);
  llvm::SmallVector<unsigned, 32> work;
  for (unsigned k = 0; k < segment.size(); ++k)
    if (auto *load = llvm::dyn_cast<llvm::LoadInst>(segment[k]); load && load->isSimple()) {
      work.push_back(k);
      while (!work.empty()) {
        unsigned j = work.pop_back_val();
        if (early[j])
          continue;
        early[j] = true;
        for (llvm::Value *op : segment[j]->operands())
          if (auto *def = llvm::dyn_cast<llvm::Instruction>(op))
            if (auto it = index.find(def); it != index.end() && !early[it->second])
              work.push_back(it->second);
      }
    }
  // Operands not yet placed, and the users waiting for each.
  std::vector<unsigned> pending(segment.size(), 0);
  std::vector<llvm::SmallVector<unsigned, 2>> users(segment.size());
  for (unsigned k = 0; k < segment.size(); ++k)
    for (llvm::Value *op : segment[k]->operands())
      if (auto *def = llvm::dyn_cast<llvm::Instruction>(op))
        if (auto it = index.find(def); it != index.end()) {
          ++pending[k];
          users[it->second].push_back(k);
        }
  using Entry = std::pair<bool, unsigned>; // (not early, original position): least first
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> ready;
  for (unsigned k = 0; k < segment.size(); ++k)
    if (pending[k] == 0)
      ready.push({!early[k], k});
  while (!ready.empty()) {
    unsigned k = ready.top().second;
    ready.pop();
    order.push_back(segment[k]);
    for (unsigned u : users[k])
      if (--pending[u] == 0)
        ready.push({!early[u], u});
  }
}

bool hoistInBlock(llvm::BasicBlock &bb) {
  llvm::Instruction *terminator = bb.getTerminator();
  if (!terminator)
    return false;
  llvm::SmallVector<llvm::Instruction *, 64> original, order, segment;
  for (llvm::Instruction &inst :
       llvm::make_range(bb.getFirstNonPHIIt(), terminator->getIterator())) {
    original.push_back(&inst);
    if (isFence(inst)) {
      scheduleSegment(segment, order);
      segment.clear();
      order.push_back(&inst); // a fence stays between its segments
    } else {
      segment.push_back(&inst);
    }
  }
  scheduleSegment(segment, order);
  assert(order.size() == original.size() && "a segment's schedule lost an instruction");
  if (order == original)
    return false;
  for (llvm::Instruction *inst : order)
    inst->moveBefore(terminator->getIterator());
  return true;
}

} // namespace

bool pyjit::codegen::hoistLoads(llvm::Module &module) {
  bool changed = false;
  for (llvm::Function &f : module)
    for (llvm::BasicBlock &bb : f)
      changed |= hoistInBlock(bb);
  return changed;
}
