#include "vtsnap/snapshot/screen/raster_checks.h"

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "vtsnap/base/status_macros.h"
#include "vtsnap/snapshot/screen/diff.h"

namespace vtsnap {
namespace {

std::string Pixel(uint32_t rgba) {
  return rgba == 0 ? "transparent" : absl::StrFormat("#%08X", rgba);
}

bool SameSize(const Frame& a, const Frame& b) { return a.cols == b.cols && a.rows == b.rows; }

absl::Status SizeMismatch(const Frame& scene, const Frame& display) {
  return absl::FailedPreconditionError(absl::StrCat("the display is ", display.cols, "x",
                                                    display.rows, " but the scene is ", scene.cols,
                                                    "x", scene.rows));
}

// The cells of `record` inside the frame, each visited once.
template <typename F>
absl::Status ForEachCell(const Frame& frame, const RasterRecord& record, F&& visit) {
  for (int row = record.row; row < record.row + record.rows && row < frame.rows; ++row) {
    for (int col = record.col; col < record.col + record.cols && col < frame.cols; ++col) {
      VTSNAP_RETURN_IF_ERROR(visit(col, row));
    }
  }
  return absl::OkStatus();
}

std::string CellText(const Frame& frame, int col, int row) {
  return frame.has_graphemes() ? frame.cell(col, row).grapheme : std::string("?");
}

}  // namespace

absl::Status CheckPlaneSize(const Frame& scene, const RgbaPlane& plane, const CellMetrics& cell) {
  const int64_t width = int64_t{scene.cols} * cell.width;
  const int64_t height = int64_t{scene.rows} * cell.height;
  if (!plane.valid() || plane.width != width || plane.height != height) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the plane is ", plane.width, "x", plane.height, plane.valid() ? "" : " (inconsistent)",
        " but the ", scene.cols, "x", scene.rows, " screen of ", cell.width, "x", cell.height,
        "-pixel cells is ", width, "x", height, " pixels"));
  }
  return absl::OkStatus();
}

PixelRect RasterPixelRect(const RasterRecord& record, const CellMetrics& cell) {
  return {.x = record.col * cell.width,
          .y = record.row * cell.height,
          .width = record.pixel_width,
          .height = record.pixel_height};
}

absl::Status CheckNoGraphicsDisplay(const Frame& scene, const Frame& display,
                                    const RgbaPlane& plane) {
  if (const int opaque = plane.OpaqueCount(); opaque != 0) {
    return absl::FailedPreconditionError(
        absl::StrCat("no graphics, yet the plane has ", opaque, " opaque pixels"));
  }
  if (!SameSize(scene, display)) return SizeMismatch(scene, display);
  for (const RasterRecord& record : scene.rasters) {
    absl::Status s = ForEachCell(scene, record, [&](int col, int row) -> absl::Status {
      const std::string want = CellText(scene, col, row);
      const std::string got = CellText(display, col, row);
      if (want != got) {
        return absl::FailedPreconditionError(absl::StrCat("raster ", record.id, ": cell (", col,
                                                          ", ", row, ") shows \"", got,
                                                          "\", not the fallback \"", want, "\""));
      }
      if (!(scene.style(col, row) == display.style(col, row))) {
        return absl::FailedPreconditionError(
            absl::StrCat("raster ", record.id, ": cell (", col, ", ", row,
                         ") has another style than the fallback: ",
                         DescribeStyleChange(scene.style(col, row), display.style(col, row))));
      }
      return absl::OkStatus();
    });
    if (!s.ok()) return s;
  }
  return absl::OkStatus();
}

absl::Status CheckSixelDisplay(const Frame& scene, const Frame& display, const RgbaPlane& plane,
                               const CellMetrics& cell) {
  if (!SameSize(scene, display)) return SizeMismatch(scene, display);
  VTSNAP_RETURN_IF_ERROR(CheckPlaneSize(scene, plane, cell));
  for (const RasterRecord& record : scene.rasters) {
    absl::Status s = ForEachCell(scene, record, [&](int col, int row) -> absl::Status {
      const std::string got = CellText(display, col, row);
      if (got != " ") {
        return absl::FailedPreconditionError(absl::StrCat("raster ", record.id, ": cell (", col,
                                                          ", ", row, ") under the picture shows \"",
                                                          got, "\", not a blank"));
      }
      if (!(scene.style(col, row) == display.style(col, row))) {
        return absl::FailedPreconditionError(
            absl::StrCat("raster ", record.id, ": the blank at (", col, ", ", row,
                         ") does not keep the scene's style: ",
                         DescribeStyleChange(scene.style(col, row), display.style(col, row))));
      }
      return absl::OkStatus();
    });
    if (!s.ok()) return s;
    const PixelRect rect = RasterPixelRect(record, cell);
    for (int y = rect.y; y < rect.y + rect.height; ++y) {
      for (int x = rect.x; x < rect.x + rect.width; ++x) {
        if (x >= plane.width || y >= plane.height || (plane.At(x, y) & 0xFF) == 0) {
          return absl::FailedPreconditionError(absl::StrCat(
              "raster ", record.id, ": pixel (", x, ", ", y, ") of its ", rect.width, "x",
              rect.height, " extent at (", rect.x, ", ", rect.y, ") is not opaque"));
        }
      }
    }
  }
  return absl::OkStatus();
}

absl::Status CheckPixelsInsideSlices(const Frame& scene, const RgbaPlane& plane,
                                     const CellMetrics& cell) {
  VTSNAP_RETURN_IF_ERROR(CheckPlaneSize(scene, plane, cell));
  for (int y = 0; y < plane.height; ++y) {
    for (int x = 0; x < plane.width; ++x) {
      const bool opaque = (plane.At(x, y) & 0xFF) != 0;
      const RasterRecord* inside = nullptr;
      for (const RasterRecord& record : scene.rasters) {
        if (RasterPixelRect(record, cell).Contains(x, y)) {
          inside = &record;
          break;
        }
      }
      if (opaque && inside == nullptr) {
        return absl::FailedPreconditionError(absl::StrCat("pixel (", x, ", ", y, ") is opaque (",
                                                          Pixel(plane.At(x, y)),
                                                          ") outside every visible slice"));
      }
      if (!opaque && inside != nullptr) {
        return absl::FailedPreconditionError(absl::StrCat("pixel (", x, ", ", y, ") inside raster ",
                                                          inside->id, " is a hole (transparent)"));
      }
    }
  }
  return absl::OkStatus();
}

absl::Status CheckMovedBy(const RgbaPlane& before, const RgbaPlane& after, const PixelRect& region,
                          int rows, const CellMetrics& cell) {
  if (before.width != after.width || before.height != after.height) {
    return absl::FailedPreconditionError(absl::StrCat("the planes differ in size: ", before.width,
                                                      "x", before.height, " -> ", after.width, "x",
                                                      after.height));
  }
  const int dy = rows * cell.height;
  for (int y = region.y; y < region.y + region.height; ++y) {
    for (int x = region.x; x < region.x + region.width; ++x) {
      if (x < 0 || y < 0 || x >= before.width || y >= before.height) continue;
      const int to = y - dy;
      if (to < 0 || to >= after.height) continue;
      if (before.At(x, y) != after.At(x, to)) {
        return absl::FailedPreconditionError(absl::StrCat(
            "pixel (", x, ", ", y, ") ", Pixel(before.At(x, y)), " should have moved by ", rows,
            " rows to (", x, ", ", to, "), which is ", Pixel(after.At(x, to))));
      }
    }
  }
  return absl::OkStatus();
}

}  // namespace vtsnap
