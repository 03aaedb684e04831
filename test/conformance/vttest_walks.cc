#include "test/conformance/vttest_walks.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"

namespace vtsnap::conformance {

std::vector<VttestScreen> Screens(int n) { return std::vector<VttestScreen>(n); }

const std::vector<VttestSession>& VttestSessions() {
  // Margins for the VT420/VT520 tests that honour them: DECLRMM on, the left/right margins and
  // the top/bottom margins each toggled three times, from "reset" to "middle half of screen".
  const std::vector<std::string> margins_11_3_2 = {"3", "5", "5", "5", "4", "4", "4"};
  const std::vector<std::string> margins_11_3_3 = {"2", "4", "4", "4", "3", "3", "3"};
  const auto then = [](std::vector<std::string> a, const std::vector<std::string>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
  };
  static const auto* sessions = new std::vector<VttestSession>{
      // First, as they take longest: vttest waits 5 s after RIS and after DECTST.
      {"10.1", {{"10.1_ris", {"10", "1"}, Screens(2)}}},
      {"10.2", {{"10.2_dectst", {"10", "2"}, Screens(2)}}},
      {"10.3", {{"10.3_decstr", {"10", "3"}, Screens(2)}}},
      {"1", {{"1_cursor_movements", {"1"}, Screens(6)}}},
      {"2", {{"2_screen_features", {"2"}, Screens(15)}}},
      // vttest offers a VT220 or later (DA1) a menu of character-set tests; 8 is the VT100 one.
      {"3", {{"3_character_sets", {"3", "8"}, Screens(1)}}},
      {"6",
       {{"6.1_enq", {"6", "1"}, Screens(1)},
        {"6.2_lnm", {"2"}, Screens(1)},
        {"6.3_dsr", {"3"}, Screens(1)},
        {"6.4_da", {"4"}, Screens(1)},
        {"6.5_da2", {"5"}, Screens(1)},
        {"6.6_da3", {"6"}, Screens(1)},
        {"6.7_decreqtparm", {"7"}, Screens(1)}}},
      {"8", {{"8_insert_delete", {"8"}, Screens(14)}}},
      {"9",
       {{"9.1_smooth_scroll", {"9", "1"}, Screens(12)},
        {"9.2_scrolling_region", {"2"}, Screens(2)},
        {"9.3_wide_to_narrow", {"3"}, Screens(1)},
        {"9.4_narrow_to_wide",
         {"4"},
         {{.prompt = "Enter 0 to exit", .at_cursor = false, .keys = "0 enter"}, {}}},
        {"9.5_double_to_single_wide", {"5"}, Screens(1)},
        {"9.6_column_mode_escape", {"6"}, Screens(2)},
        {"9.7_wrap_with_cursor_addressing", {"7"}, Screens(1)},
        {"9.8_erase_right_half_double_width", {"8"}, Screens(6)},
        {"9.9_funny_scroll_regions", {"9"}, Screens(2)}}},
      {"11.1",
       {{"11.1.2.2_dectcem", {"11", "1", "2", "2"}, Screens(2)},
        {"11.1.2.3_ech", {"3"}, Screens(1)},
        {"11.1.2.4_decsca", {"4"}, Screens(3)},
        {"11.1.3_s8c1t", {"0", "3"}, Screens(1)},
        {"11.1.6_decstr", {"6"}, Screens(2)}}},
      {"11.2",
       {{"11.2.2.1_su", {"11", "2", "2", "1"}, Screens(1)},
        {"11.2.2.2_sd", {"2"}, Screens(1)},
        {"11.2.3.1_decscpp", {"0", "3", "1"}, Screens(5)},
        {"11.2.3.2_decslpp", {"2"}, Screens(7)},
        {"11.2.6.2.1_status_line", {"0", "6", "2", "1"}, Screens(3)},
        {"11.2.6.2.2_status_line_sgr", {"2"}, Screens(3)},
        {"11.2.6.2.3_status_line_cursor", {"3"}, Screens(3)}}},
      {"11.3.2",
       {{"11.3.2.7_decbi", {"11", "3", "2", "7"}, Screens(1)},
        {"11.3.2.8_decfi", {"8"}, Screens(1)},
        {"11.3.2.9_cursor_in_margins", {"9"}, Screens(1)},
        {"11.3.2.10_other_in_margins", {"10"}, Screens(1)}}},
      {"11.3.2_margins",
       {{"11.3.2.7_decbi_margins", then({"11", "3", "2"}, then(margins_11_3_2, {"7"})), Screens(1)},
        {"11.3.2.8_decfi_margins", {"8"}, Screens(1)},
        {"11.3.2.9_cursor_in_margins_margins", {"9"}, Screens(1)},
        {"11.3.2.10_other_in_margins_margins", {"10"}, Screens(1)}}},
      {"11.3.3",
       {{"11.3.3.9_decic_decdc", {"11", "3", "3", "9"}, Screens(2)},
        {"11.3.3.10_ind_ri", {"10"}, Screens(4)},
        {"11.3.3.11_il_dl", {"11"}, Screens(4)},
        {"11.3.3.12_ich_dch", {"12"}, Screens(2)},
        {"11.3.3.13_bs_cr_tab", {"13"}, Screens(1)}}},
      {"11.3.3_margins",
       {{"11.3.3.9_decic_decdc_margins", then({"11", "3", "3"}, then(margins_11_3_3, {"9"})),
         Screens(2)},
        {"11.3.3.10_ind_ri_margins", {"10"}, Screens(4)},
        {"11.3.3.11_il_dl_margins", {"11"}, Screens(4)},
        {"11.3.3.12_ich_dch_margins", {"12"}, Screens(2)},
        {"11.3.3.13_bs_cr_tab_margins", {"13"}, Screens(1)}}},
      {"11.3.6",
       {{"11.3.6.7_deccara", {"11", "3", "6", "7"}, Screens(2)},
        {"11.3.6.8_deccra", {"8"}, Screens(4)},
        {"11.3.6.9_decera", {"9"}, Screens(1)},
        {"11.3.6.10_decfra", {"10"}, Screens(2)},
        {"11.3.6.11_decrara", {"11"}, Screens(2)},
        {"11.3.6.12_decsera", {"12"}, Screens(4)}}},
      {"11.3.6_margins",
       {{"11.3.6.7_deccara_margins", then({"11", "3", "6"}, then(margins_11_3_3, {"7"})),
         Screens(2)},
        {"11.3.6.8_deccra_margins", {"8"}, Screens(2)},
        {"11.3.6.9_decera_margins", {"9"}, Screens(1)},
        {"11.3.6.10_decfra_margins", {"10"}, Screens(2)},
        {"11.3.6.11_decrara_margins", {"11"}, Screens(2)},
        {"11.3.6.12_decsera_margins", {"12"}, Screens(4)}}},
      {"11.3.8", {{"11.3.8.2_decsnls", {"11", "3", "8", "2"}, Screens(3)}}},
      {"11.4.2",
       {{"11.4.2.7_hpa", {"11", "4", "2", "7"}, Screens(1)},
        {"11.4.2.8_cbt", {"8"}, Screens(1)},
        {"11.4.2.9_cha", {"9"}, Screens(1)},
        {"11.4.2.10_cht", {"10"}, Screens(1)},
        {"11.4.2.11_hpr", {"11"}, Screens(1)},
        {"11.4.2.12_vpa", {"12"}, Screens(1)},
        {"11.4.2.13_cnl", {"13"}, Screens(1)},
        {"11.4.2.14_cpl", {"14"}, Screens(1)}}},
      {"11.4.2_margins",
       {{"11.4.2.7_hpa_margins", then({"11", "4", "2"}, then(margins_11_3_2, {"7"})), Screens(1)},
        {"11.4.2.8_cbt_margins", {"8"}, Screens(1)},
        {"11.4.2.9_cha_margins", {"9"}, Screens(1)},
        {"11.4.2.10_cht_margins", {"10"}, Screens(1)},
        {"11.4.2.11_hpr_margins", {"11"}, Screens(1)},
        {"11.4.2.12_vpa_margins", {"12"}, Screens(1)},
        {"11.4.2.13_cnl_margins", {"13"}, Screens(1)},
        {"11.4.2.14_cpl_margins", {"14"}, Screens(1)}}},
      {"11.4.6",
       {{"11.4.6.1_decncsm", {"11", "4", "6", "1"}, Screens(5)},
        {"11.4.6.2_decscusr", {"2"}, Screens(8)}}},
      {"11.5",
       {{"11.5.1_hpa", {"11", "5", "1"}, Screens(1)},
        {"11.5.2_cbt", {"2"}, Screens(1)},
        {"11.5.3_cha", {"3"}, Screens(1)},
        {"11.5.4_cht", {"4"}, Screens(1)},
        {"11.5.5_hpr", {"5"}, Screens(1)},
        {"11.5.6_vpa", {"6"}, Screens(1)},
        {"11.5.7_cnl", {"7"}, Screens(1)},
        {"11.5.8_cpl", {"8"}, Screens(1)},
        {"11.5.9_vpr", {"9"}, Screens(1)}}},
      {"11.6",
       {{"11.6.2_color_pattern", {"11", "6", "2"}, Screens(1)},
        {"11.6.3_sgr_0_color_reset", {"3"}, Screens(1)},
        {"11.6.4_bce_ed_el", {"4"}, Screens(2)},
        {"11.6.5_bce_ech_index", {"5"}, Screens(2)},
        {"11.6.8_bce_screen_features", {"8"}, Screens(6)},
        {"11.6.9_sgr_22_27", {"9"}, Screens(3)}}},
      {"11.6.6",
       {{"11.6.6.1_bce_cursor_movements", {"11", "6", "6", "1"}, Screens(5)},
        {"11.6.6.2_bce_screen_features", {"2"}, Screens(14)},
        {"11.6.6.3_bce_insert_delete", {"3"}, Screens(16)}}},
      {"11.6.7",
       {{"11.6.7.1.2_bce_spa", {"11", "6", "7", "1", "2"}, Screens(1)},
        {"11.6.7.2_bce_rep", {"0", "2"}, Screens(1)},
        {"11.6.7.3_bce_sd", {"3"}, Screens(1)},
        {"11.6.7.4_bce_sl", {"4"}, Screens(1)},
        {"11.6.7.5_bce_sr", {"5"}, Screens(1)},
        {"11.6.7.6_bce_su", {"6"}, Screens(1)}}},
      {"11.7",
       {{"11.7.1.2_spa", {"11", "7", "1", "2"}, Screens(1)},
        {"11.7.2_rep", {"0", "2"}, Screens(1)},
        {"11.7.3_sd", {"3"}, Screens(1)},
        {"11.7.4_sl", {"4"}, Screens(1)},
        {"11.7.5_sr", {"5"}, Screens(1)},
        {"11.7.6_su", {"6"}, Screens(1)}}},
      {"11.8.7",
       {{"11.8.7.3_alternate_screen", {"11", "8", "7", "3"}, Screens(3)},
        {"11.8.7.4_alternate_screen_1047", {"4"}, Screens(3)},
        {"11.8.7.5_alternate_screen_1049", {"5"}, Screens(3)}}},
  };
  return *sessions;
}

std::vector<std::string> ScreenNames(const VttestSession& session) {
  std::vector<std::string> names;
  for (const VttestWalk& walk : session.walks) {
    for (size_t i = 1; i <= walk.screens.size(); ++i)
      names.push_back(absl::StrCat(walk.name, ".", i));
  }
  return names;
}

}  // namespace vtsnap::conformance
