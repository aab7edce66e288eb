//===- TestKernels.h - PTX kernels for the runtime tests --------*- C++ -*-===//
//
// PTX text for the runtime tests: a valid store kernel and a malformed one.
//
//===----------------------------------------------------------------------===//

#ifndef PYJIT_TESTS_RUNTIME_TESTKERNELS_H
#define PYJIT_TESTS_RUNTIME_TESTKERNELS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace pyjit::runtime::test {

/// The value storeTid writes at index i.
constexpr unsigned storedValue(unsigned i) { return 0xC0DE0000u + i; }

/// `k(u32 *p)`: p[tid.x] = 0xC0DE0000 + tid.x, for PTX target \p target.
inline std::string storeTidPtx(llvm::StringRef target = "sm_90") {
  return R"(.version 8.0
.target )" +
         target.str() +
         R"(
.address_size 64

.visible .entry k(.param .u64 p)
{
  .reg .b32 %r<3>;
  .reg .b64 %rd<5>;
  ld.param.u64 %rd1, [p];
  cvta.to.global.u64 %rd2, %rd1;
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd2, %rd3;
  add.u32 %r2, %r1, 0xC0DE0000;
  st.global.u32 [%rd4], %r2;
  ret;
}
)";
}

/// Like storeTidPtx but stores from an undeclared register, %r9.
inline std::string malformedPtx() {
  return R"(.version 8.0
.target sm_90
.address_size 64

.visible .entry bad(.param .u64 p)
{
  .reg .b64 %rd<3>;
  ld.param.u64 %rd1, [p];
  st.global.u32 [%rd1], %r9;
  ret;
}
)";
}

inline llvm::ArrayRef<char> bytes(const std::string &text) {
  return llvm::ArrayRef<char>(text.data(), text.size());
}

} // namespace pyjit::runtime::test

#endif // PYJIT_TESTS_RUNTIME_TESTKERNELS_H
