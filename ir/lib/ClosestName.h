//===- ClosestName.h - "Did you mean" for a misspelt name ------------------===//
#ifndef PYJIT_IR_LIB_CLOSESTNAME_H
#define PYJIT_IR_LIB_CLOSESTNAME_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <algorithm>
#include <optional>
#include <string>

namespace pyjit::ir {

/// Whether `a` is `b` with two neighbouring letters swapped ("gird", "grid").
inline bool swapsTwoLetters(llvm::StringRef a, llvm::StringRef b) {
  if (a.size() != b.size())
    return false;
  size_t i = 0;
  while (i < a.size() && a[i] == b[i])
    ++i;
  return i + 1 < a.size() && a[i] == b[i + 1] && a[i + 1] == b[i] &&
         a.drop_front(i + 2) == b.drop_front(i + 2);
}

/// The one of `names` closest to the misspelt `name` (Levenshtein distance,
/// where a swap of two neighbouring letters is one edit, as in Damerau's),
/// within a third of its letters but at least one edit, as Python's "Did you
/// mean" suggests.
inline std::optional<std::string> closestName(llvm::StringRef name,
                                              llvm::ArrayRef<std::string> names) {
  const std::string *best = nullptr;
  unsigned bestDistance = std::max<unsigned>(1, (static_cast<unsigned>(name.size()) + 1) / 3) + 1;
  for (const std::string &n : names)
    if (unsigned d = swapsTwoLetters(name, n) ? 1 : name.edit_distance(n);
        d < bestDistance && n != name) {
      best = &n;
      bestDistance = d;
    }
  return best ? std::optional<std::string>(*best) : std::nullopt;
}

} // namespace pyjit::ir

#endif
