// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "welcomewidget.h"

#include <QDir>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

WelcomeWidget::WelcomeWidget(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"WelcomeWidget"_s);
    auto *outer = new QVBoxLayout(this);
    outer->addStretch(1);

    auto *column = new QVBoxLayout;
    auto *icon = new QLabel(this);
    icon->setPixmap(QIcon(u":/icons/rankscope.svg"_s).pixmap(96, 96));
    icon->setAlignment(Qt::AlignHCenter);
    column->addWidget(icon);

    auto *title = new QLabel(tr("<h2>RankScope</h2>"), this);
    title->setAlignment(Qt::AlignHCenter);
    column->addWidget(title);
    auto *blurb = new QLabel(tr("Find the rank, node or version that started a failed distributed-training job.<br>"
                                "Open an incident bundle — per-rank logs, NCCL debug files, launcher and scheduler "
                                "output, dmesg, node inventories — as a folder or an archive, or drop it here."),
                             this);
    blurb->setWordWrap(true);
    blurb->setAlignment(Qt::AlignHCenter);
    blurb->setMaximumWidth(560);
    column->addWidget(blurb, 0, Qt::AlignHCenter);

    auto *buttons = new QHBoxLayout;
    auto *openFolder = new QPushButton(QIcon::fromTheme(u"folder-open"_s), tr("Open Folder…"), this);
    openFolder->setAccessibleName(tr("Open incident folder"));
    openFolder->setToolTip(tr("Open an incident bundle stored as a folder (Ctrl+O)"));
    auto *openArchive = new QPushButton(QIcon::fromTheme(u"archive-extract"_s), tr("Open Archive or Files…"), this);
    openArchive->setAccessibleName(tr("Open incident archive or files"));
    openArchive->setToolTip(tr("Open a .tar.gz, .tar.zst, .zip … bundle or single log files (Ctrl+Shift+O)"));
    buttons->addStretch(1);
    buttons->addWidget(openFolder);
    buttons->addWidget(openArchive);
    buttons->addStretch(1);
    column->addLayout(buttons);
    connect(openFolder, &QPushButton::clicked, this, &WelcomeWidget::openFolderRequested);
    connect(openArchive, &QPushButton::clicked, this, &WelcomeWidget::openArchiveRequested);

    auto *recentLabel = new QLabel(tr("Recent incidents"), this);
    column->addSpacing(16);
    column->addWidget(recentLabel, 0, Qt::AlignHCenter);
    m_recent = new QListWidget(this);
    m_recent->setObjectName(u"recentList"_s);
    m_recent->setAccessibleName(tr("Recent incidents"));
    m_recent->setToolTip(tr("Double-click to open again"));
    m_recent->setMaximumSize(560, 180);
    column->addWidget(m_recent, 0, Qt::AlignHCenter);
    connect(m_recent, &QListWidget::itemActivated, this,
            [this](QListWidgetItem *item) { Q_EMIT recentRequested(item->data(Qt::UserRole).toString()); });

    outer->addLayout(column);
    outer->addStretch(2);
}

void WelcomeWidget::setRecent(const QStringList &paths)
{
    m_recent->clear();
    for (const QString &p : paths) {
        auto *item = new QListWidgetItem(QDir::toNativeSeparators(p), m_recent);
        item->setData(Qt::UserRole, p);
    }
    if (paths.isEmpty()) {
        auto *item = new QListWidgetItem(tr("(none yet)"), m_recent);
        item->setFlags(Qt::NoItemFlags);
    }
}

} // namespace rankscope::ui
