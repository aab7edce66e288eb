//===- FastMath.cpp - The fastmath option of a kernel -------------------===//
#include "pyjit/codegen/FastMath.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace pyjit::codegen;

namespace {
struct Flag {
  const char *name;
  bool FastMath::*field;
};
const Flag flags[] = {
    {"ftz", &FastMath::ftz},   {"arcp", &FastMath::arcp}, {"afn", &FastMath::afn},
    {"contract", &FastMath::contract}, {"nnan", &FastMath::nnan}, {"ninf", &FastMath::ninf},
    {"nsz", &FastMath::nsz},   {"reassoc", &FastMath::reassoc},
};
} // namespace

FastMath FastMath::all() {
  FastMath fm;
  for (const Flag &f : flags)
    fm.*f.field = true;
  return fm;
}

llvm::Expected<FastMath> FastMath::parse(llvm::StringRef list) {
  FastMath fm;
  llvm::SmallVector<llvm::StringRef> names;
  list.split(names, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef raw : names) {
    llvm::StringRef name = raw.trim();
    if (name.empty())
      continue;
    if (name == "all" || name == "fast") {
      fm = all();
      continue;
    }
    bool found = false;
    for (const Flag &f : flags)
      if (name == f.name) {
        fm.*f.field = true;
        found = true;
      }
    if (!found) {
      std::string known;
      for (const Flag &f : flags)
        known += std::string(known.empty() ? "" : ", ") + f.name;
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "unknown fastmath flag '" + name + "' (known: " + known + ")");
    }
  }
  return fm;
}

llvm::FastMathFlags FastMath::llvmFlags() const {
  llvm::FastMathFlags f;
  f.setAllowReciprocal(arcp);
  f.setApproxFunc(afn);
  f.setAllowContract(contract);
  f.setNoNaNs(nnan);
  f.setNoInfs(ninf);
  f.setNoSignedZeros(nsz);
  f.setAllowReassoc(reassoc);
  return f;
}

std::string FastMath::str() const {
  std::string out;
  for (const Flag &f : flags)
    if (this->*f.field)
      out += std::string(out.empty() ? "" : ",") + f.name;
  return out;
}
