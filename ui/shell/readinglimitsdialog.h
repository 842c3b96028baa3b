// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ingestconfig.h"

#include <QDialog>
#include <QList>

class QLabel;
class QLineEdit;

namespace rankscope::ui {

// Settings ▸ Reading Limits…: the caps of ingest::ReadingLimit::all() (files per bundle, size of
// an archive member, …), the same ones `rankscope analyze --max-…` takes. Only values that differ
// from the defaults are stored, under "limits/KEY", so that a later release's default applies
// to whatever the user left alone. They take effect the next time a bundle is read.
class ReadingLimitsDialog final : public QDialog
{
    Q_OBJECT
public:
    explicit ReadingLimitsDialog(QWidget *parent = nullptr);

    // Sets config's limits to the ones stored in QSettings (the defaults for those not stored
    // and for any stored value that no longer parses).
    static void applySaved(ingest::IngestConfig &config);

    void accept() override;

private:
    void restoreDefaults();

    QList<QLineEdit *> m_fields; // one per ReadingLimit::all(), in its order
    QLabel *m_error = nullptr;
};

} // namespace rankscope::ui
