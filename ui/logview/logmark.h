// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "linerole.h"
#include "sourceref.h"

#include <QList>
#include <QString>

namespace rankscope::ui {

// An evidence line the analysis points at, drawn in the log view's gutter. The role decides the
// shape (diamond, ring, bar) as well as the colour, so it reads without colour vision.
struct LogMark
{
    using Role = LineRole; // the shape and colour of its mark

    rankscope::SourceRef source;
    Role role = Role::Context;
    QString tooltip;
};

} // namespace rankscope::ui
