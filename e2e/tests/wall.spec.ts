import type { Locator } from '@playwright/test';
import sharp from 'sharp';
import { expect, signIn, test, unique } from '../fixtures';

const png = (color: string) =>
  sharp({ create: { width: 120, height: 90, channels: 3, background: color } })
    .png()
    .toBuffer();

async function expectCardsWithin(cards: Locator, width: number) {
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const box = await cards.nth(i).boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(width);
  }
}

test('workers of a station post, like and comment; another station sees none of it', async ({ page, seed }) => {
  const stationA = await seed.station('Nave 1');
  const stationB = await seed.station('Nave 2');
  const ana = await seed.worker(stationA, 'Ana Soldadora');
  const beto = await seed.worker(stationA, 'Beto Operario');
  const carla = await seed.worker(stationB, 'Carla Otra');
  const textPost = unique('Hola equipo del turno ');
  const imagePost = unique('Foto de la costura ');
  const commentText = unique('Buen trabajo ');

  // Ana: an empty wall, then a text post and an image post.
  await signIn(page, ana.token, '/dashboard');
  await expect(page.getByRole('heading', { name: `Muro de ${stationA.name}` })).toBeVisible();
  await expect(page.getByText('No hay publicaciones en este muro todavía.')).toBeVisible();
  const composer = page.getByPlaceholder('¿Qué estás pensando?');
  await composer.fill('Hola');
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('El contenido de la publicación debe tener al menos 5 caracteres si no hay imagen.')).toBeVisible();
  await composer.fill(textPost);
  await page.getByRole('button', { name: 'Publicar' }).click();
  const textCard = page.getByTestId('post').filter({ hasText: textPost });
  await expect(textCard).toBeVisible();
  await expect(composer).toHaveValue('');

  await composer.fill(imagePost);
  await page
    .getByLabel('Imagen (opcional)', { exact: true })
    .setInputFiles({ name: 'costura.png', mimeType: 'image/png', buffer: await png('#d35400') });
  await expect(page.getByAltText('Vista previa de la imagen')).toBeVisible();
  await page.getByRole('button', { name: 'Publicar' }).click();
  const imageCard = page.getByTestId('post').filter({ hasText: imagePost });
  await expect(imageCard.getByRole('img')).toHaveAttribute('src', /\/uploads\/[0-9a-f-]{36}_thumb\.webp$/);
  await expect(imageCard.getByRole('img')).toHaveJSProperty('complete', true);
  expect(await imageCard.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByAltText('Vista previa de la imagen')).toHaveCount(0);
  // Mobile first: the wall's cards fit a 360 px phone (the shell's own bars are measured by the shell's tests).
  await expectCardsWithin(page.getByTestId('post'), 360);

  // Beto, same station: likes Ana's text post and comments with an image.
  await signIn(page, beto.token, '/dashboard');
  const betoCard = page.getByTestId('post').filter({ hasText: textPost });
  await expect(page.getByTestId('post').filter({ hasText: imagePost })).toBeVisible();
  await betoCard.getByRole('button', { name: /Me gusta \(0\)/ }).click();
  await expect(betoCard.getByRole('button', { name: /Me gusta \(1\)/ })).toHaveAttribute('aria-pressed', 'true');
  await betoCard.getByRole('button', { name: 'Comentarios (0)' }).click();
  await expect(betoCard.getByText('No hay comentarios todavía.')).toBeVisible();
  await betoCard.getByPlaceholder('Escribe un comentario...').fill(commentText);
  await betoCard
    .getByLabel('Imagen del comentario (opcional)')
    .setInputFiles({ name: 'c.png', mimeType: 'image/png', buffer: await png('#27ae60') });
  await expect(betoCard.getByAltText('Vista previa de la imagen')).toBeVisible();
  await betoCard.getByRole('button', { name: 'Comentar', exact: true }).click();
  const comment = betoCard.getByTestId('comment').filter({ hasText: commentText });
  await expect(comment).toContainText('Beto Operario');
  await expect(comment.getByRole('img')).toHaveAttribute('width', '80');
  await expect(betoCard.getByPlaceholder('Escribe un comentario...')).toHaveValue('');
  await expect(betoCard.getByRole('button', { name: 'Comentarios (1)' })).toBeVisible();
  await expectCardsWithin(page.getByTestId('post'), 360);

  // Only one comment section open at a time; clicking the same toggle closes it.
  const betoImageCard = page.getByTestId('post').filter({ hasText: imagePost });
  await betoImageCard.getByRole('button', { name: 'Comentarios (0)' }).click();
  await expect(betoImageCard.getByText('No hay comentarios todavía.')).toBeVisible();
  await expect(betoCard.getByTestId('comment')).toHaveCount(0);
  await betoImageCard.getByRole('button', { name: 'Comentarios (0)' }).click();
  await expect(betoImageCard.getByText('No hay comentarios todavía.')).toHaveCount(0);

  // Ana sees the like and the comment; she has not liked it herself.
  await signIn(page, ana.token, '/dashboard');
  const anaCard = page.getByTestId('post').filter({ hasText: textPost });
  await expect(anaCard.getByRole('button', { name: /Me gusta \(1\)/ })).toHaveAttribute('aria-pressed', 'false');
  await anaCard.getByRole('button', { name: 'Comentarios (1)' }).click();
  await expect(anaCard.getByTestId('comment').filter({ hasText: commentText })).toContainText('Beto Operario');

  // Carla, another station: none of it.
  await signIn(page, carla.token, '/dashboard');
  await expect(page.getByRole('heading', { name: `Muro de ${stationB.name}` })).toBeVisible();
  await expect(page.getByText('No hay publicaciones en este muro todavía.')).toBeVisible();
  await expect(page.getByText(textPost)).toHaveCount(0);
  await expect(page.getByText(imagePost)).toHaveCount(0);
});

test('an admin edits and deletes a comment and a post from the admin screens', async ({ page, seed }) => {
  const station = await seed.station('Nave 1');
  const worker = await seed.worker(station, 'Dora Moderada');
  const postText = unique('Publicación a moderar ');
  const commentText = unique('Comentario a moderar ');
  const api = page.request;
  const auth = { Authorization: `Bearer ${worker.token}` };
  const created = await api.post('/api/wall/posts', { headers: auth, multipart: { content: postText, wall_name: 'Main' } });
  expect(created.status()).toBe(201);
  const postId = (await created.json()).post.id as number;
  const commented = await api.post(`/api/wall/posts/${postId}/comments`, { headers: auth, multipart: { content: commentText } });
  expect(commented.status()).toBe(201);

  // Moderation is desk work: the admin screens are exercised at a desktop width (the worker screens at 360 px).
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, await seed.adminToken(), '/admin/comments');
  const commentCard = page.getByTestId('admin-comment').filter({ hasText: commentText });
  await commentCard.getByRole('button', { name: 'Editar' }).click();
  const editComment = page.getByRole('dialog', { name: 'Editar Comentario' });
  await editComment.getByLabel('Contenido').fill('');
  await editComment.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(editComment.getByText('El contenido del comentario no puede estar vacío.')).toBeVisible();
  const editedComment = `${commentText} (editado)`;
  await editComment.getByLabel('Contenido').fill(editedComment);
  await editComment.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Comentario actualizado con éxito!')).toBeVisible();
  await expect(editComment).toHaveCount(0);
  const editedCard = page.getByTestId('admin-comment').filter({ hasText: editedComment });
  await expect(editedCard).toBeVisible();
  await editedCard.getByRole('button', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmar Eliminación' });
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Comentario eliminado con éxito!')).toBeVisible();
  await expect(page.getByTestId('admin-comment').filter({ hasText: commentText })).toHaveCount(0);

  await page.goto('/admin/posts');
  const postCard = page.getByTestId('admin-post').filter({ hasText: postText });
  await expect(postCard).toContainText('Comentarios: 0');
  await postCard.getByRole('button', { name: 'Editar' }).click();
  const editPost = page.getByRole('dialog', { name: 'Editar Publicación' });
  await expect(editPost.getByLabel('Contenido')).toHaveValue(postText);
  const editedPost = `${postText} (editada)`;
  await editPost.getByLabel('Contenido').fill(editedPost);
  await editPost.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Publicación actualizada con éxito!')).toBeVisible();
  const editedPostCard = page.getByTestId('admin-post').filter({ hasText: editedPost });
  await expect(editedPostCard).toBeVisible();
  await editedPostCard.getByRole('button', { name: 'Eliminar' }).click();
  await page.getByRole('dialog', { name: 'Confirmar Eliminación' }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Publicación eliminada con éxito!')).toBeVisible();
  await expect(page.getByTestId('admin-post').filter({ hasText: postText })).toHaveCount(0);

  // The worker's wall agrees.
  await signIn(page, worker.token, '/dashboard');
  await expect(page.getByText('No hay publicaciones en este muro todavía.')).toBeVisible();
});
