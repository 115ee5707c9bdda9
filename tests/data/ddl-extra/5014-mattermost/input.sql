CREATE TABLE IF NOT EXISTS Users (
    Id varchar(26) NOT NULL,
    CreateAt bigint(20) DEFAULT NULL,
    UpdateAt bigint(20) DEFAULT NULL,
    DeleteAt bigint(20) DEFAULT NULL,
    Username varchar(64) DEFAULT NULL,
    Password varchar(128) DEFAULT NULL,
    AuthData varchar(128) DEFAULT NULL,
    AuthService varchar(32) DEFAULT NULL,
    Email varchar(128) DEFAULT NULL,
    EmailVerified tinyint(1) DEFAULT NULL,
    Nickname varchar(64) DEFAULT NULL,
    FirstName varchar(64) DEFAULT NULL,
    LastName varchar(64) DEFAULT NULL,
    Roles text,
    AllowMarketing tinyint(1) DEFAULT NULL,
    Props json DEFAULT NULL,
    NotifyProps json DEFAULT NULL,
    LastPasswordUpdate bigint(20) DEFAULT NULL,
    LastPictureUpdate bigint(20) DEFAULT NULL,
    FailedAttempts int(11) DEFAULT NULL,
    Locale varchar(5) DEFAULT NULL,
    MfaActive tinyint(1) DEFAULT NULL,
    MfaSecret varchar(128) DEFAULT NULL,
    Position varchar(128) DEFAULT NULL,
    Timezone json DEFAULT NULL,
    PRIMARY KEY (Id),
    UNIQUE KEY Username (Username),
    UNIQUE KEY AuthData (AuthData),
    UNIQUE KEY Email (Email),
    KEY idx_users_update_at (UpdateAt),
    KEY idx_users_create_at (CreateAt),
    KEY idx_users_delete_at (DeleteAt),
    FULLTEXT KEY idx_users_all_txt (Username,FirstName,LastName,Nickname,Email),
    FULLTEXT KEY idx_users_names_txt (Username,FirstName,LastName,Nickname)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE IF NOT EXISTS Posts (
    Id varchar(26) NOT NULL,
    CreateAt bigint(20) DEFAULT NULL,
    UpdateAt bigint(20) DEFAULT NULL,
    EditAt bigint(20) DEFAULT NULL,
    DeleteAt bigint(20) DEFAULT NULL,
    IsPinned tinyint(1) DEFAULT NULL,
    UserId varchar(26) DEFAULT NULL,
    ChannelId varchar(26) DEFAULT NULL,
    RootId varchar(26) DEFAULT NULL,
    OriginalId varchar(26) DEFAULT NULL,
    Message text,
    Type varchar(26) DEFAULT NULL,
    Props json DEFAULT NULL,
    Hashtags text,
    Filenames text,
    FileIds varchar(300) DEFAULT NULL,
    HasReactions tinyint(1) DEFAULT NULL,
    PRIMARY KEY (Id),
    KEY idx_posts_update_at (UpdateAt),
    KEY idx_posts_create_at (CreateAt),
    KEY idx_posts_delete_at (DeleteAt),
    KEY idx_posts_user_id (UserId),
    KEY idx_posts_is_pinned (IsPinned),
    KEY idx_posts_channel_id_update_at (ChannelId,UpdateAt),
    KEY idx_posts_channel_id_delete_at_create_at (ChannelId,DeleteAt,CreateAt),
    FULLTEXT KEY idx_posts_message_txt (Message),
    FULLTEXT KEY idx_posts_hashtags_txt (Hashtags)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE IF NOT EXISTS Channels (
    Id varchar(26) NOT NULL,
    CreateAt bigint(20) DEFAULT NULL,
    UpdateAt bigint(20) DEFAULT NULL,
    DeleteAt bigint(20) DEFAULT NULL,
    TeamId varchar(26) DEFAULT NULL,
    Type varchar(1) DEFAULT NULL,
    DisplayName varchar(64) DEFAULT NULL,
    Name varchar(64) DEFAULT NULL,
    Header text,
    Purpose varchar(250) DEFAULT NULL,
    LastPostAt bigint(20) DEFAULT NULL,
    TotalMsgCount bigint(20) DEFAULT NULL,
    ExtraUpdateAt bigint(20) DEFAULT NULL,
    CreatorId varchar(26) DEFAULT NULL,
    PRIMARY KEY (Id),
    UNIQUE KEY Name (Name,TeamId),
    KEY idx_channels_team_id (TeamId),
    KEY idx_channels_update_at (UpdateAt),
    KEY idx_channels_create_at (CreateAt),
    KEY idx_channels_delete_at (DeleteAt),
    FULLTEXT KEY idx_channel_search_txt (Name,DisplayName,Purpose)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE IF NOT EXISTS Systems (
    Name varchar(64) NOT NULL,
    Value text,
    PRIMARY KEY (Name)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
ALTER TABLE Posts MODIFY COLUMN FileIds text;
ALTER TABLE Posts MODIFY COLUMN Message text;
CREATE INDEX idx_posts_root_id_delete_at ON Posts(RootId, DeleteAt);
ALTER TABLE Posts DROP COLUMN ParentId;
ALTER TABLE Posts ADD COLUMN RemoteId varchar(26), ADD COLUMN LastReplyAt bigint DEFAULT 0;
ALTER TABLE Channels ADD COLUMN Shared tinyint(1) DEFAULT NULL;
ALTER TABLE Channels ADD COLUMN TotalMsgCountRoot bigint(20);
ALTER TABLE Users ADD COLUMN RemoteId varchar(26) DEFAULT NULL, ADD COLUMN LastLogin bigint NOT NULL DEFAULT 0;
ALTER TABLE Users DROP COLUMN ThemeProps;
ALTER TABLE Channels DROP INDEX idx_channels_team_id, ADD INDEX idx_channels_team_id_display_name (TeamId, DisplayName), ADD INDEX idx_channels_team_id_type (TeamId, Type);
ALTER TABLE Systems MODIFY Value longtext;
