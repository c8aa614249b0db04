/**
 * The product page's pieces around the form: the subtitle (code, state, duration, operator), the
 * header's "Vista previa" and "Eliminar", the index of sections with their errors, and the
 * skeleton while the product loads.
 */
import { Badge, Box, Button, Group, Paper, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconEye, IconTrash } from '@tabler/icons-react';
import type { TProductResponse } from '@trayecto/shared';
import { scrollToSection } from '../../../components/form-page';
import { formatDuration } from '../utils/product-format';
import classes from './product-form.module.css';
import { PRODUCT_SECTIONS, type TProductSectionId } from './product-form-sections';
import { ProductStateBadge } from './product-state-badge';

/** Under the title of a stored product: its code, state, duration and (for the administrator) operator. */
export function ProductSubtitle({ product, isAdmin }: { product: TProductResponse; isAdmin: boolean }) {
  return (
    <Group gap={8} component="span" wrap="wrap">
      <Text span ff="monospace" size="sm">
        {product.code}
      </Text>
      <ProductStateBadge state={product.state} />
      {product.duration_minutes ? (
        <Text span size="sm">
          {formatDuration(product.duration_minutes)}
        </Text>
      ) : null}
      {isAdmin && product.tour_operator ? (
        <Text span size="sm">
          · {product.tour_operator.name}
        </Text>
      ) : null}
    </Group>
  );
}

/** "Vista previa" of the public page and, for who may, "Eliminar". */
export function ProductHeaderActions({
  product,
  canDelete,
  deleting,
  onDelete,
}: {
  product: TProductResponse;
  canDelete: boolean;
  deleting: boolean;
  onDelete: () => void;
}) {
  return (
    <>
      {product.public_urls?.landing ? (
        <Button
          component="a"
          href={product.public_urls.landing}
          target="_blank"
          rel="noopener noreferrer"
          variant="default"
          leftSection={<IconEye size={18} aria-hidden />}
        >
          Vista previa
        </Button>
      ) : null}
      {canDelete ? (
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={18} aria-hidden />}
          onClick={onDelete}
          loading={deleting}
        >
          Eliminar
        </Button>
      ) : null}
    </>
  );
}

/** The sections' index beside the form (desktop), with each section's error count. */
export function ProductSectionIndex({ sectionErrors }: { sectionErrors: Partial<Record<TProductSectionId, number>> }) {
  return (
    <nav className={classes.index} aria-label="Secciones del producto">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={6} px={10}>
        Secciones
      </Text>
      {PRODUCT_SECTIONS.map((s) => (
        <UnstyledButton key={s.id} className={classes.indexLink} onClick={() => scrollToSection(s.id)}>
          <span>{s.title}</span>
          {sectionErrors[s.id] ? (
            <Badge size="xs" color="red" variant="filled" circle>
              {sectionErrors[s.id]}
            </Badge>
          ) : null}
        </UnstyledButton>
      ))}
    </nav>
  );
}

export function ProductFormSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Cargando producto">
      <Skeleton h={14} w={180} mb="sm" />
      <Skeleton h={30} w={320} mb={8} />
      <Skeleton h={16} w={220} mb="lg" />
      <Stack gap="lg" maw={1000}>
        {[0, 1, 2].map((i) => (
          <Paper key={i} withBorder radius="lg" p="lg">
            <Skeleton h={12} w={140} mb="md" />
            <Stack gap="sm">
              <Skeleton h={36} />
              <Skeleton h={36} />
              <Skeleton h={36} w="60%" />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Box>
  );
}
