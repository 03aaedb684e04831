#include "vtsnap/snapshot/formats/detached_state.h"

#include <memory>

#include "vtsnap/snapshot/screen/screen_view.h"

namespace vtsnap {

std::shared_ptr<const DetachedTerminalState> DetachTerminalState(const Terminal& terminal) {
  auto state = std::make_shared<DetachedTerminalState>();
  state->viewport = CaptureSemantic(terminal, SemanticCapture::kViewport);
  state->buffer = CaptureSemantic(terminal, SemanticCapture::kBuffer);
  state->theme = FindThemeViolations(ScreenView(terminal));
  state->cells = pito_internal::ReadTerminalCells(terminal);
  return state;
}

}  // namespace vtsnap
