//===- JitLinkTest.cpp - nvJitLink linking without a GPU ------------------===//
//
// Links hand-written PTX to sm_90 cubins; checks link errors carry the log.
//
//===----------------------------------------------------------------------===//

#include "pyjit/runtime/JitLink.h"
#include "TestKernels.h"
#include "TestSupport.h"
#include "pyjit/runtime/LinkError.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace pyjit::runtime;
using namespace pyjit::runtime::test;

namespace {

/// Skips the calling test when libnvJitLink cannot be loaded.
#define SKIP_WITHOUT_NVJITLINK()                                               \
  do {                                                                         \
    Expected<std::pair<int, int>> version = nvJitLinkVersion();                \
    if (!version)                                                              \
      GTEST_SKIP() << "no nvJitLink: " << toString(version.takeError());       \
  } while (false)

bool isElf(const std::vector<char> &image) {
  return image.size() > 4 && image[0] == 0x7f && image[1] == 'E' &&
         image[2] == 'L' && image[3] == 'F';
}

TEST(JitLink, VersionIsAtLeast13) {
  SKIP_WITHOUT_NVJITLINK();
  Expected<std::pair<int, int>> version = nvJitLinkVersion();
  PYJIT_ASSERT_VALUE(version);
  EXPECT_GE(version->first, 13);
}

TEST(JitLink, PtxLinksToElfCubin) {
  SKIP_WITHOUT_NVJITLINK();
  std::string ptx = storeTidPtx();
  Expected<std::vector<char>> cubin =
      linkToCubin({{LinkInput::PTX, bytes(ptx), "k.ptx"}}, "sm_90");
  PYJIT_ASSERT_VALUE(cubin);
  EXPECT_TRUE(isElf(*cubin));
}

TEST(JitLink, NullTerminatedPtxAndExtraOptions) {
  SKIP_WITHOUT_NVJITLINK();
  std::string ptx = storeTidPtx();
  ArrayRef<char> withNul(ptx.c_str(), ptx.size() + 1);
  Expected<std::vector<char>> cubin = linkToCubin(
      {{LinkInput::PTX, withNul, "k.ptx"}}, "sm_90", {"-O3", "-lineinfo"});
  PYJIT_ASSERT_VALUE(cubin);
  EXPECT_TRUE(isElf(*cubin));
}

TEST(JitLink, CubinInputRelinks) {
  SKIP_WITHOUT_NVJITLINK();
  std::string ptx = storeTidPtx();
  Expected<std::vector<char>> first =
      linkToCubin({{LinkInput::PTX, bytes(ptx), "k.ptx"}}, "sm_90");
  PYJIT_ASSERT_VALUE(first);
  Expected<std::vector<char>> second = linkToCubin(
      {{LinkInput::Cubin, ArrayRef<char>(*first), "k.cubin"}}, "sm_90");
  PYJIT_ASSERT_VALUE(second);
  EXPECT_TRUE(isElf(*second));
}

TEST(JitLink, MalformedPtxGivesLinkErrorWithLog) {
  SKIP_WITHOUT_NVJITLINK();
  std::string ptx = malformedPtx();
  Expected<std::vector<char>> cubin =
      linkToCubin({{LinkInput::PTX, bytes(ptx), "bad.ptx"}}, "sm_90");
  ASSERT_FALSE(static_cast<bool>(cubin));
  bool sawLinkError =
      expectErrorOf<LinkError>(cubin.takeError(), [](const LinkError &err) {
        EXPECT_FALSE(err.isLibraryMissing());
        // nvJitLink compiles PTX as it is added.
        EXPECT_TRUE(err.call() == "nvJitLinkAddData" ||
                    err.call() == "nvJitLinkComplete")
            << err.call().str();
        EXPECT_NE(err.code(), 0);
        EXPECT_FALSE(err.log().empty());
        std::string message = err.message();
        EXPECT_NE(message.find("NVJITLINK_ERROR_"), std::string::npos)
            << message;
        // ptxas names the undeclared register.
        EXPECT_NE(message.find("%r9"), std::string::npos) << message;
      });
  EXPECT_TRUE(sawLinkError);
}

TEST(JitLink, ASymbolDefinedTwiceIsALinkError) {
  // nvJitLink prints "@E@error : Multiple definition of ..." and returns
  // NVJITLINK_SUCCESS with empty logs; linkToCubin reads what it printed.
  SKIP_WITHOUT_NVJITLINK();
  std::string ptx = ".version 8.0\n.target sm_90\n.address_size 64\n"
                    ".visible .func (.param .b32 r) twice(.param .b32 x)\n{\n"
                    "  .reg .b32 %r<3>;\n  ld.param.b32 %r1, [x];\n"
                    "  add.s32 %r2, %r1, %r1;\n  st.param.b32 [r], %r2;\n  ret;\n}\n";
  Expected<std::vector<char>> one =
      linkToCubin({{LinkInput::PTX, bytes(ptx), "a.ptx"}}, "sm_90");
  PYJIT_ASSERT_VALUE(one);
  Expected<std::vector<char>> cubin = linkToCubin(
      {{LinkInput::PTX, bytes(ptx), "a.ptx"}, {LinkInput::PTX, bytes(ptx), "b.ptx"}}, "sm_90");
  ASSERT_FALSE(static_cast<bool>(cubin));
  bool sawLinkError =
      expectErrorOf<LinkError>(cubin.takeError(), [](const LinkError &err) {
        std::string message = err.message();
        EXPECT_NE(message.find("Multiple definition of 'twice'"), std::string::npos)
            << message;
        EXPECT_EQ(message.find("@E@"), std::string::npos) << message;
      });
  EXPECT_TRUE(sawLinkError);
}

TEST(JitLink, UnknownArchGivesLinkError) {
  SKIP_WITHOUT_NVJITLINK();
  std::string ptx = storeTidPtx();
  Expected<std::vector<char>> cubin =
      linkToCubin({{LinkInput::PTX, bytes(ptx), "k.ptx"}}, "sm_nope");
  ASSERT_FALSE(static_cast<bool>(cubin));
  expectErrorOf<LinkError>(cubin.takeError(), [](const LinkError &err) {
    EXPECT_FALSE(err.isLibraryMissing()) << err.message();
  });
}

TEST(JitLink, LinkErrorMessageFormat) {
  LinkError err("nvJitLinkComplete", 4, "ptxas fatal: something\n");
  EXPECT_EQ(err.resultName().str(), "NVJITLINK_ERROR_PTX_COMPILE");
  EXPECT_EQ(err.message(),
            "nvJitLinkComplete failed: NVJITLINK_ERROR_PTX_COMPILE\n"
            "ptxas fatal: something");
  LinkError missing("dlopen(libnvJitLink.so.13)", LinkError::NoResult,
                    "not here");
  EXPECT_TRUE(missing.isLibraryMissing());
  EXPECT_EQ(missing.message(), "nvJitLink not found (not here)");
}

} // namespace
