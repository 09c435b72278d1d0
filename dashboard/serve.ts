// Serves the dashboard's static files at the root of the site.
import express from 'express';
import type { Express } from 'express';

export function mountDashboard(app: Express): void {
  app.use(express.static(new URL('./public/', import.meta.url).pathname, { index: 'index.html', extensions: ['html'] }));
}
