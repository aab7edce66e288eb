//===- Libdevice.cpp - numba.cuda.libdevice's functions -----------------===//
#include "pyjit/ir/Libdevice.h"
#include <algorithm>
#include <cstring>

using namespace pyjit::ir;

static const LibdeviceFunction kFunctions[] = {
#include "LibdeviceTable.inc"
};

llvm::ArrayRef<LibdeviceFunction> pyjit::ir::libdeviceFunctions() { return kFunctions; }

const LibdeviceFunction *pyjit::ir::lookupLibdevice(llvm::StringRef name) {
  const LibdeviceFunction *end = std::end(kFunctions);
  const LibdeviceFunction *it = std::lower_bound(
      std::begin(kFunctions), end, name,
      [](const LibdeviceFunction &f, llvm::StringRef n) { return llvm::StringRef(f.name) < n; });
  return it != end && name == it->name ? it : nullptr;
}

llvm::SmallVector<llvm::StringRef, 4> pyjit::ir::libdeviceTypeList(llvm::StringRef list) {
  llvm::SmallVector<llvm::StringRef, 4> out;
  if (!list.empty())
    list.split(out, ',');
  return out;
}
