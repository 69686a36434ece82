-- users and groups: the administrator manages them; identity functions answer for the connection's user
CREATE USER p_alice WITH PASSWORD 'alice-secret';
> ok
CREATE USER 'p_bob@example.com' PASSWORD 'bob-secret';
> ok
CREATE GROUP p_admins;
> ok
CREATE GROUP p_hr;
> ok
CREATE GROUP p_staff;
> ok
ALTER GROUP p_admins ADD USER p_alice;
> ok
ALTER GROUP p_staff ADD GROUP p_admins;
> ok
ALTER GROUP p_hr ADD USER p_alice, `p_bob@example.com`;
> ok
ALTER GROUP p_hr DROP USER `p_bob@example.com`;
> ok
SHOW GROUPS;
> name | members
> p_admins | p_alice
> p_hr | p_alice
> p_staff | p_admins
> rows: 3
CREATE USER P_ALICE PASSWORD 'again';
> exception PRINCIPAL_ALREADY_EXISTS
CREATE GROUP p_alice;
> exception PRINCIPAL_ALREADY_EXISTS
ALTER GROUP p_admins ADD GROUP p_staff;
> exception INVALID_PARAMETER_VALUE
ALTER GROUP p_nobody ADD USER p_alice;
> exception PRINCIPAL_DOES_NOT_EXIST
ALTER GROUP p_hr ADD USER p_nobody;
> exception PRINCIPAL_DOES_NOT_EXIST
CREATE USER p_empty PASSWORD '';
> exception INVALID_PARAMETER_VALUE
DROP USER admin;
> exception INSUFFICIENT_PERMISSIONS
DROP USER IF EXISTS p_nobody;
> ok
--@ user p_alice
SELECT current_user() AS me, session_user() AS s, is_account_group_member('p_admins') AS a,
  is_account_group_member('P_STAFF') AS staff, is_member('p_hr') AS hr, is_account_group_member('nope') AS n;
> me | s | a | staff | hr | n
> p_alice | p_alice | true | true | true | false
> rows: 1
CREATE USER p_mallory PASSWORD 'x';
> exception INSUFFICIENT_PERMISSIONS
ALTER GROUP p_admins ADD USER p_alice;
> exception INSUFFICIENT_PERMISSIONS
ALTER USER `p_bob@example.com` PASSWORD 'stolen';
> exception INSUFFICIENT_PERMISSIONS
ALTER USER p_alice WITH PASSWORD 'alice-new-secret';
> ok
--@ user p_bob@example.com
SELECT current_user() AS me, is_account_group_member('p_admins') AS a, is_member('p_hr') AS hr;
> me | a | hr
> p_bob@example.com | false | false
> rows: 1
--@ user admin
SHOW USERS LIKE 'p_*';
> name
> p_alice
> p_bob@example.com
> rows: 2
DROP GROUP p_admins;
> ok
--@ user p_alice
SELECT is_account_group_member('p_staff') AS staff;
> staff
> false
> rows: 1
--@ user admin
DROP USER p_alice;
> ok
SHOW USERS LIKE 'p_*';
> name
> p_bob@example.com
> rows: 1
DROP USER `p_bob@example.com`;
> ok
DROP GROUP p_hr;
> ok
DROP GROUP p_staff;
> ok
DROP GROUP p_staff;
> exception PRINCIPAL_DOES_NOT_EXIST
