import '@mantine/dropzone/styles.css';
import { ActionIcon, Badge, Box, Group, Progress, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconArrowRight, IconPhoto, IconPhotoUp, IconTrash, IconX } from '@tabler/icons-react';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, MAX_IMAGES_PER_PRODUCT, type TProductImage } from '@trayecto/shared';
import { useEffect, useState } from 'react';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useDeleteProductImage } from '../../api/delete-product-image';
import { useReorderProductImages } from '../../api/reorder-product-images';
import { useUpdateProductImage } from '../../api/update-product-image';
import { useUploadProductImage } from '../../api/upload-product-image';
import classes from './sections.module.css';

const MAX_MB = Math.round(IMAGE_MAX_BYTES / (1024 * 1024));

/** Ids after moving one image by `delta` places (the first image is the cover). */
export function movedIds(images: readonly { id: string }[], index: number, delta: number): string[] {
  const ids = images.map((i) => i.id);
  const to = index + delta;
  if (to < 0 || to >= ids.length) return ids;
  const [moved] = ids.splice(index, 1);
  if (moved !== undefined) ids.splice(to, 0, moved);
  return ids;
}

/** Why a dropped file was refused, in Spanish. */
export function rejectionMessage(r: { file: Pick<File, 'name'>; errors: FileRejection['errors'] }): string {
  const code = r.errors[0]?.code;
  if (code === 'file-too-large') return `${r.file.name}: pesa más de ${MAX_MB} MB.`;
  if (code === 'file-invalid-type') return `${r.file.name}: solo JPG, PNG o WebP.`;
  if (code === 'too-many-files') return 'Demasiadas imágenes a la vez.';
  return `${r.file.name}: no se puede subir.`;
}

/**
 * The product's photos: upload by dropping or choosing files, the alternative text of each, the
 * order (the first one is the cover of the landing page) and deletion. Changes apply at once.
 */
export function ImagesSection({
  productId,
  productName,
  images,
  readOnly,
}: {
  productId: string;
  productName: string;
  images: readonly TProductImage[];
  readOnly: boolean;
}) {
  const upload = useUploadProductImage(productId);
  const reorder = useReorderProductImages(productId);
  const remove = useDeleteProductImage(productId);
  const [pending, setPending] = useState<{ done: number; total: number } | null>(null);
  const sorted = [...images].sort((a, b) => a.position - b.position);
  const room = Math.max(0, MAX_IMAGES_PER_PRODUCT - sorted.length);

  const onDrop = async (files: File[]) => {
    const batch = files.slice(0, room);
    if (files.length > room) {
      notifyError('Demasiadas imágenes', `Un producto admite hasta ${MAX_IMAGES_PER_PRODUCT} imágenes.`);
    }
    if (batch.length === 0) return;
    setPending({ done: 0, total: batch.length });
    let ok = 0;
    for (const file of batch) {
      try {
        await upload.mutateAsync({ file, alt: productName });
        ok++;
      } catch (error) {
        notifyError(`No se ha subido ${file.name}`, (error as Error).message);
      }
      setPending((p) => (p ? { ...p, done: p.done + 1 } : p));
    }
    setPending(null);
    if (ok > 0) notifySuccess(ok === 1 ? 'Imagen subida' : `${ok} imágenes subidas`, 'Ya se ven en la página pública.');
  };

  const move = (index: number, delta: number) =>
    reorder.mutate(movedIds(sorted, index, delta), {
      onError: (error) => notifyError('No se ha cambiado el orden', error.message),
    });

  const confirmDelete = (img: TProductImage, n: number) =>
    modals.openConfirmModal({
      title: 'Eliminar imagen',
      centered: true,
      children: (
        <Stack gap="sm">
          <img src={img.thumb_url} alt={img.alt} style={{ width: 160, borderRadius: 8 }} />
          <Text size="sm">¿Eliminar la imagen {n} del producto? No se puede deshacer.</Text>
        </Stack>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red', leftSection: <IconTrash size={16} /> },
      onConfirm: () =>
        remove.mutate(img.id, {
          onSuccess: () => notifySuccess('Imagen eliminada'),
          onError: (error) => notifyError('No se ha eliminado la imagen', error.message),
        }),
    });

  return (
    <Stack gap="md">
      {readOnly ? null : (
        <Dropzone
          onDrop={onDrop}
          onReject={(rejections) =>
            notifyError('Algunas imágenes no se han subido', rejections.map(rejectionMessage).join(' '))
          }
          accept={[...IMAGE_TYPES]}
          maxSize={IMAGE_MAX_BYTES}
          loading={pending !== null}
          disabled={room === 0}
          radius="md"
          aria-label="Subir imágenes"
          data-testid="image-dropzone"
        >
          <Group justify="center" gap="lg" mih={110} style={{ pointerEvents: 'none' }} wrap="nowrap">
            <Dropzone.Accept>
              <IconPhotoUp size={44} color="var(--mantine-color-brand-7)" stroke={1.5} />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={44} color="var(--mantine-color-red-6)" stroke={1.5} />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconPhoto size={44} color="var(--mantine-color-dimmed)" stroke={1.5} />
            </Dropzone.Idle>
            <div>
              <Text size="md" fw={600}>
                {room === 0 ? 'Has llegado al máximo de imágenes' : 'Arrastra aquí las fotos o pulsa para elegirlas'}
              </Text>
              <Text size="sm" c="dimmed" mt={4}>
                JPG, PNG o WebP de hasta {MAX_MB} MB · máximo {MAX_IMAGES_PER_PRODUCT} imágenes. La primera es la
                portada.
              </Text>
            </div>
          </Group>
        </Dropzone>
      )}
      {pending ? (
        <Box>
          <Text size="xs" c="dimmed" mb={4}>
            Subiendo {pending.done + 1 > pending.total ? pending.total : pending.done + 1} de {pending.total}…
          </Text>
          <Progress value={(pending.done / pending.total) * 100} animated size="sm" />
        </Box>
      ) : null}
      {sorted.length === 0 ? (
        <Text size="sm" c="dimmed">
          {readOnly
            ? 'Este producto aún no tiene imágenes.'
            : 'Aún no hay imágenes. Las excursiones con fotos se venden mejor.'}
        </Text>
      ) : (
        <ul className={classes.thumbs} aria-label="Imágenes del producto">
          {sorted.map((img, i) => (
            <ImageCard
              key={img.id}
              productId={productId}
              image={img}
              index={i}
              count={sorted.length}
              readOnly={readOnly}
              onMove={move}
              onDelete={() => confirmDelete(img, i + 1)}
            />
          ))}
        </ul>
      )}
    </Stack>
  );
}

function ImageCard({
  productId,
  image,
  index,
  count,
  readOnly,
  onMove,
  onDelete,
}: {
  productId: string;
  image: TProductImage;
  index: number;
  count: number;
  readOnly: boolean;
  onMove: (index: number, delta: number) => void;
  onDelete: () => void;
}) {
  const update = useUpdateProductImage(productId);
  const [alt, setAlt] = useState(image.alt);
  useEffect(() => setAlt(image.alt), [image.alt]);

  const saveAlt = () => {
    const next = alt.trim();
    if (next === image.alt) return;
    update.mutate(
      { imageId: image.id, alt: next },
      {
        onSuccess: () => notifySuccess('Texto alternativo guardado'),
        onError: (error) => {
          setAlt(image.alt);
          notifyError('No se ha guardado el texto', error.message);
        },
      },
    );
  };

  return (
    <li className={classes.thumb} aria-label={`Imagen ${index + 1}`}>
      <Box pos="relative">
        <a
          href={image.url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Ver la imagen ${index + 1} a tamaño completo`}
        >
          <img src={image.thumb_url || image.url} alt={image.alt} className={classes.thumbImage} loading="lazy" />
        </a>
        {index === 0 ? (
          <Badge pos="absolute" top={8} left={8} size="sm" radius="sm" variant="filled" color="dark">
            Portada
          </Badge>
        ) : null}
      </Box>
      <Stack gap={6} p="xs">
        <TextInput
          size="xs"
          label="Texto alternativo"
          description={readOnly ? undefined : 'Describe la foto para quien no puede verla.'}
          placeholder="Ej.: Cráter del Teide al amanecer"
          maxLength={200}
          value={alt}
          readOnly={readOnly}
          onChange={(e) => setAlt(e.currentTarget.value)}
          onBlur={saveAlt}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              saveAlt();
            }
          }}
        />
        {readOnly ? null : (
          <Group justify="space-between" gap={4}>
            <Group gap={2}>
              <Tooltip label="Mover antes">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Mover la imagen ${index + 1} antes`}
                  disabled={index === 0}
                  onClick={() => onMove(index, -1)}
                >
                  <IconArrowLeft size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Mover después">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Mover la imagen ${index + 1} después`}
                  disabled={index === count - 1}
                  onClick={() => onMove(index, 1)}
                >
                  <IconArrowRight size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
            <Tooltip label="Eliminar">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Eliminar la imagen ${index + 1}`}
                onClick={onDelete}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Stack>
    </li>
  );
}
