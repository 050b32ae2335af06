// What the services feature offers routes and other features (decision 0017).
export { useCreateService } from './api/create-service';
export { useDeleteService } from './api/delete-service';
export { useBusinessServices } from './api/get-business-services';
export { useUpdateService } from './api/update-service';
