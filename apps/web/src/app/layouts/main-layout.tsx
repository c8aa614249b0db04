import {
  AppShell,
  Avatar,
  Box,
  Burger,
  Divider,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Skeleton,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconLogout, IconUserCircle, IconUserCog } from '@tabler/icons-react';
import { LEVEL, pathTo, ROLE_NAMES, ROUTES, type TLevel } from '@trayecto/shared';
import { useEffect, useMemo } from 'react';
import { Link, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { getCurrentUser, getRoles, logout, type TCurrentUser } from '../../lib/auth-storage';
import { useMe } from '../../lib/use-me';
import classes from './main-layout.module.css';
import { menuForRoles, type TMenuLink } from './menu';
import { MENU_ICONS } from './menu-icons';

function currentUserOrNull(): TCurrentUser | null {
  try {
    return getCurrentUser();
  } catch {
    return null;
  }
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** Whether a menu link is the current screen (a list stays active on its create/edit pages). */
function isActive(pathname: string, link: TMenuLink): boolean {
  const path = ROUTES[link.route].path;
  if (path === '/') return pathname === '/';
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** The back-office shell: grouped menu by role, header with the operator and the user menu. */
export function MainLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const navigate = useNavigate();
  const stored = currentUserOrNull();
  const rolesKey = getRoles().join(',');
  const roles = useMemo(() => (rolesKey ? rolesKey.split(',').map(Number) : []), [rolesKey]);
  const me = useMe();
  const navigation = useNavigation();
  const isNavigating = navigation.state === 'loading';

  const menu = useMemo(() => menuForRoles(roles), [roles]);
  const level = (roles[0] ?? me.data?.level) as TLevel | undefined;
  const roleName = level !== undefined ? ROLE_NAMES[level] : '';
  // The fresh name first: the user may have renamed themselves ("Mi cuenta").
  const userName = me.data?.full_name ?? stored?.name ?? '';
  const operatorName =
    me.data?.tour_operator?.name ?? (level === LEVEL.ADMIN ? 'Administración de la plataforma' : undefined);

  // Close the phone menu after each navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the path changes
  useEffect(() => {
    close();
  }, [location.pathname, close]);

  const onLogout = async () => {
    await logout();
    navigate(pathTo('login'), { replace: true });
  };

  const renderLink = (link: TMenuLink, nested = false) => {
    const Icon = MENU_ICONS[link.route];
    const active = isActive(location.pathname, link);
    return (
      <NavLink
        key={link.route}
        component={Link}
        to={ROUTES[link.route].path}
        label={link.label}
        active={active}
        aria-current={active ? 'page' : undefined}
        leftSection={Icon ? <Icon size={nested ? 17 : 19} stroke={1.6} aria-hidden /> : null}
        className={classes.link}
        variant="light"
      />
    );
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <a className="skip-link" href="#main-content">
        Saltar al contenido
      </a>
      <AppShell.Header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? 'Cerrar el menú' : 'Abrir el menú'}
              aria-expanded={opened}
              aria-controls="main-navigation"
            />
            <Link to="/" className={classes.brandLink} aria-label="Trayecto, ir al inicio">
              <BrandMark size="sm" />
            </Link>
            <Divider orientation="vertical" visibleFrom="xs" h={24} style={{ alignSelf: 'center' }} />
            <Box style={{ minWidth: 0 }} visibleFrom="xs">
              {operatorName ? (
                <Text fw={600} size="sm" truncate="end" data-testid="operator-name">
                  {operatorName}
                </Text>
              ) : me.isLoading ? (
                <Skeleton h={14} w={160} />
              ) : null}
            </Box>
          </Group>

          <Menu position="bottom-end" width={240} shadow="md" withinPortal>
            <Menu.Target>
              {/* Named by what it shows (2.5.3): initials, name and role, then what it opens. */}
              <UnstyledButton className={classes.userButton}>
                <Group gap={10} wrap="nowrap">
                  <Avatar color="brand" radius="xl" size={34}>
                    {initials(userName)}
                  </Avatar>
                  <Box visibleFrom="sm" style={{ lineHeight: 1.1, minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate="end" maw={240}>
                      {userName}
                    </Text>
                    <Text size="xs" c="dimmed" truncate="end" maw={240}>
                      {roleName}
                    </Text>
                  </Box>
                  <IconChevronDown size={14} aria-hidden />
                  <VisuallyHidden>Menú de usuario</VisuallyHidden>
                </Group>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              <Box px="sm" py={8}>
                <Group gap={8} wrap="nowrap">
                  <IconUserCircle size={18} aria-hidden />
                  <Text size="sm" fw={600} truncate="end">
                    {userName}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" mt={2}>
                  {roleName}
                  {me.data?.tour_operator?.name ? ` · ${me.data.tour_operator.name}` : ''}
                </Text>
                {me.data?.email ? (
                  <Text size="xs" c="dimmed" truncate="end">
                    {me.data.email}
                  </Text>
                ) : null}
              </Box>
              <Menu.Divider />
              <Menu.Item
                component={Link}
                to={pathTo('account')}
                leftSection={<IconUserCog size={16} aria-hidden />}
                aria-current={location.pathname === ROUTES.account.path ? 'page' : undefined}
              >
                Mi cuenta
              </Menu.Item>
              <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={onLogout}>
                Cerrar sesión
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" id="main-navigation" aria-label="Menú principal" className={classes.navbar}>
        {/* A scrollbar whenever the menu is taller than the window (the administrator's, under ~950 px): its last
            items are not hidden below the fold without a sign. */}
        <AppShell.Section grow component={ScrollArea} type="auto">
          <div>
            <VisuallyHidden>
              <h2>Menú</h2>
            </VisuallyHidden>
            {menu.map((entry) => {
              if (entry.kind === 'link') return renderLink(entry);
              const Icon = MENU_ICONS[entry.icon];
              return (
                <NavLink
                  key={entry.label}
                  label={entry.label}
                  leftSection={Icon ? <Icon size={19} stroke={1.6} aria-hidden /> : null}
                  defaultOpened
                  className={classes.link}
                  childrenOffset={22}
                >
                  {entry.children.map((c) => renderLink(c, true))}
                </NavLink>
              );
            })}
          </div>
        </AppShell.Section>
        <AppShell.Section hiddenFrom="xs">
          <Divider my="sm" />
          {operatorName ? (
            <Text size="xs" c="dimmed" px="sm">
              {operatorName}
            </Text>
          ) : null}
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        {isNavigating ? <div className={classes.progress} role="progressbar" aria-label="Cargando pantalla" /> : null}
        <Box maw={1400} mx="auto">
          <Outlet />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
