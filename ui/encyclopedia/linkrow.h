// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QAbstractButton>

class QLabel;

namespace rankscope::ui {

// A clickable, focusable row of wrapped rich text: an evidence line or a related entry. It is a
// button (clicked(), Space/Enter, the accessible role of a push button) that looks like a link,
// because a QLabel link can neither take a tooltip of its own nor be clicked by a test.
class LinkRow final : public QAbstractButton
{
    Q_OBJECT
public:
    explicit LinkRow(QWidget *parent = nullptr);

    // Rich text shown in the row; the accessible name should be set to a plain-text version.
    void setRichText(const QString &html);
    QString richText() const;

    bool hasHeightForWidth() const final;
    int heightForWidth(int width) const final;
    QSize sizeHint() const final;
    QSize minimumSizeHint() const final;

protected:
    void paintEvent(QPaintEvent *event) final;
    void keyPressEvent(QKeyEvent *event) final;
    bool event(QEvent *event) final;

private:
    QLabel *m_label = nullptr;
};

} // namespace rankscope::ui
